// Readiness and metrics against the real database: readiness names what is missing (queue tables,
// unapplied migrations) without leaking errors; the metrics text has the deployment gauges and the
// event-append histogram moves when events are appended; the token check is exact.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getDatabase } from '../../../lib/adapters/db/client'
import { hasMetricsToken, metricsText } from '../../../lib/adapters/observability/metrics-response'
import { readiness } from '../../../lib/adapters/observability/readiness'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { createTenantWithUsers } from '../helpers'
import { scenarioTask, startTestWorker, waitForRun } from '../runs/run-helpers'

function metricValue(text: string, name: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(name))
  return line ? Number(line.split(' ').pop()) : NaN
}

describe('readiness', () => {
  it('is ready once the queue exists and every shipped migration is applied', async () => {
    const database = await getDatabase()
    await runServicesFor(database).queue.every('readiness-probe', 3600, async () => {})
    const result = await readiness(database)
    expect(result).toEqual({
      ready: true,
      checks: { database: { ok: true }, queue: { ok: true }, migrations: { ok: true } },
    })
  })

  it('is not ready when the build ships a migration the database lacks', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-ready-'))
    fs.cpSync(path.resolve('prisma/migrations'), path.join(root, 'prisma/migrations'), { recursive: true })
    fs.mkdirSync(path.join(root, 'prisma/migrations/29990101000000_from_the_future'))
    const result = await readiness(await getDatabase(), root)
    expect(result.ready).toBe(false)
    expect(result.checks.migrations).toEqual({
      ok: false,
      reason: '1 migration(s) not applied: run npm run db:migrate',
    })
  })
})

describe('metrics', () => {
  it('reports runs by status, the queue and event-append latency', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const before = metricValue((await metricsText(null)).body, 'reflexion_event_append_seconds_count')
    const queued = await submitTaskDraft(tenant.member.caller, scenarioTask('kyoto-walk'))
    const { body: queuedText } = await metricsText(await getDatabase())
    expect(metricValue(queuedText, 'reflexion_runs{status="queued"}')).toBeGreaterThanOrEqual(1)
    const worker = await startTestWorker()
    try {
      await waitForRun(queued.runId)
    } finally {
      await worker.stop()
    }
    const { body, contentType } = await metricsText(await getDatabase())
    expect(contentType).toMatch(/^text\/plain/)
    expect(metricValue(body, 'reflexion_event_append_seconds_count')).toBeGreaterThan(before || 0)
    expect(metricValue(body, 'reflexion_runs{status="succeeded"}')).toBeGreaterThanOrEqual(1)
    expect(body).toMatch(/^reflexion_queue_depth \d+$/m)
    expect(body).toMatch(/^reflexion_queue_oldest_age_seconds [\d.e+-]+$/m)
    expect(metricValue(body, 'reflexion_recall_seconds_count')).toBeGreaterThan(0)
    expect(metricValue(body, 'reflexion_model_call_seconds_count{provider="demo",outcome="ok"}')).toBeGreaterThan(0)
    expect(body).toContain('# TYPE reflexion_webhook_deliveries_total counter')
  })

  it('accepts exactly the configured bearer token', () => {
    const token = 'metrics-token-0123456789abcdef'
    expect(hasMetricsToken(`Bearer ${token}`, token)).toBe(true)
    for (const header of [null, '', token, `Bearer ${token}x`, `bearer ${token}`, 'Bearer '])
      expect(hasMetricsToken(header, token)).toBe(false)
    expect(hasMetricsToken(`Bearer ${token}`, undefined)).toBe(false)
  })
})

describe('a worker process metrics port', () => {
  it('serves the process metrics with the same token, and nothing else', async () => {
    const { serveWorkerMetrics } = await import('../../../lib/adapters/observability/worker-metrics-server')
    const { freePort } = await import('../../support/local-services')
    const token = 'worker-metrics-token-0123456789'
    const port = await freePort()
    const server = await serveWorkerMetrics(port, token)
    try {
      const url = `http://127.0.0.1:${port}`
      expect((await fetch(`${url}/metrics`)).status).toBe(401)
      expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
      expect((await fetch(`${url}/other`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404)
      const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      expect(response.status).toBe(200)
      const body = await response.text()
      expect(body).toContain('# TYPE reflexion_event_append_seconds histogram')
      expect(body).not.toContain('reflexion_runs{')
    } finally {
      server.close()
    }
  })
})
