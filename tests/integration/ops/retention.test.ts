// Retention: the purge deletes exactly the finished runs past each tenant's own policy (read back
// from the tables), keeps lessons with their provenance as text, audits each batch, and never
// touches queued or running runs or tenants without a policy.
import { describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { purgeExpiredRuns } from '../../../lib/services/retention/purge-expired-runs'
import { exportDueRuns, getRetentionView, setRunRetention } from '../../../lib/services/retention/retention-service'
import { retentionForm } from '../../../lib/services/retention/forms'
import { runAction } from '../../../lib/boundary/actions/define'
import { createTenantWithUsers, type TestTenant } from '../helpers'

const DAY = 24 * 60 * 60 * 1000
const now = new Date('2026-06-01T12:00:00Z')

async function makeRun(tenant: TestTenant, ageDays: number, status: 'succeeded' | 'failed' | 'running' | 'queued') {
  const prisma = await getPrisma()
  const createdAt = new Date(now.getTime() - ageDays * DAY)
  const run = await prisma.run.create({
    data: {
      tenantId: tenant.id,
      userId: tenant.member.id,
      title: `run ${ageDays}d ${status}`,
      prompt: 'p',
      config: {},
      model: 'demo',
      status,
      maxAttempts: 3,
      threshold: 0.8,
      createdAt,
      eventCount: 2,
    },
  })
  for (const index of [0, 1])
    await prisma.runEvent.create({
      data: {
        tenantId: tenant.id,
        runId: run.id,
        index,
        type: index === 0 ? 'run.submitted' : 'run.finished',
        kind: index === 0 ? 'Command' : 'SystemEvent',
        namespace: 'run',
        payload: {},
        cause: index === 0 ? { kind: 'seed' } : { kind: 'handler', index: 0, handler: 'reflexion' },
        at: createdAt,
      },
    })
  return run
}

async function counts(tenantId: string) {
  const prisma = await getPrisma()
  const [runs, events, recalls] = await Promise.all([
    prisma.run.findMany({ where: { tenantId }, select: { title: true }, orderBy: { title: 'asc' } }),
    prisma.runEvent.count({ where: { tenantId } }),
    prisma.lessonRecall.count({ where: { tenantId } }),
  ])
  return { runs: runs.map((run) => run.title).sort(), events, recalls }
}

describe('retention', () => {
  it('deletes exactly what each tenant policy says, across tenants independently', async () => {
    const prisma = await getPrisma()
    const short = await createTenantWithUsers()
    const long = await createTenantWithUsers()
    const none = await createTenantWithUsers()
    await setRunRetention(short.admin.caller, 30)
    await setRunRetention(long.admin.caller, 365)
    for (const tenant of [short, long, none]) {
      await makeRun(tenant, 10, 'succeeded')
      await makeRun(tenant, 40, 'failed')
      await makeRun(tenant, 400, 'succeeded')
      await makeRun(tenant, 400, 'running')
      await makeRun(tenant, 400, 'queued')
    }
    const old = await prisma.run.findFirstOrThrow({ where: { tenantId: short.id, title: 'run 40d failed' } })
    const lesson = await prisma.lesson.create({
      data: {
        tenantId: short.id,
        userKey: short.member.id,
        content: 'Check the units before answering.',
        normalized: `check the units ${old.id}`,
        sourceRunId: old.id,
        sourceAttempt: 1,
      },
    })
    await prisma.lessonRecall.create({ data: { tenantId: short.id, lessonId: lesson.id, runId: old.id, attempt: 2 } })

    expect((await getRetentionView(short.admin.caller, now)).dueRuns).toBe(2)
    const report = await purgeExpiredRuns(prisma, { now, batchSize: 1 })
    const byTenant = new Map(report.map((entry) => [entry.tenantId, entry]))
    expect(byTenant.get(short.id)).toMatchObject({ runs: 2, events: 4 })
    expect(byTenant.get(long.id)).toMatchObject({ runs: 1, events: 2 })
    expect(byTenant.has(none.id)).toBe(false)

    expect(await counts(short.id)).toEqual({
      runs: ['run 10d succeeded', 'run 400d queued', 'run 400d running'],
      events: 6,
      recalls: 0,
    })
    expect((await counts(long.id)).runs).toEqual([
      'run 10d succeeded',
      'run 400d queued',
      'run 400d running',
      'run 40d failed',
    ])
    expect((await counts(none.id)).runs).toHaveLength(5)

    const kept = await prisma.lesson.findUniqueOrThrow({ where: { id: lesson.id } })
    expect(kept.sourceRunId).toBeNull()
    expect(kept.sourceNote).toMatch(
      /^from the run "run 40d failed" of \d{4}-\d{2}-\d{2}, deleted by the retention policy$/,
    )

    const audit = await prisma.auditLog.findMany({ where: { tenantId: short.id, action: 'retention.runs_deleted' } })
    expect(audit.map((entry) => (entry.details as { runs: number }).runs)).toEqual([1, 1])
    expect(await purgeExpiredRuns(prisma, { now })).toEqual([])
  })

  it('exports the runs due for deletion as JSON Lines before they go', async () => {
    const tenant = await createTenantWithUsers()
    await setRunRetention(tenant.admin.caller, 30)
    const due = await makeRun(tenant, 45, 'succeeded')
    await makeRun(tenant, 5, 'succeeded')
    const text = await new Response(await exportDueRuns(tenant.admin.caller, now)).text()
    const rows = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(rows.map((row) => [row.runId, row.index, row.type])).toEqual([
      [due.id, 0, 'run.submitted'],
      [due.id, 1, 'run.finished'],
    ])
    await expect(exportDueRuns(tenant.member.caller, now)).rejects.toThrow()
  })

  it('validates the policy at the boundary and audits changes; members cannot set it', async () => {
    const tenant = await createTenantWithUsers()
    const prisma = await getPrisma()
    for (const bad of ['0', '-3', '2.5', '99999', 'ninety'])
      expect(await runAction(retentionForm, { runRetentionDays: bad }, tenant.admin.caller)).toMatchObject({
        ok: false,
        fieldErrors: { runRetentionDays: [expect.stringMatching(/whole number of days/)] },
      })
    expect(await runAction(retentionForm, { runRetentionDays: '90' }, tenant.member.caller)).toMatchObject({
      ok: false,
    })
    expect(await runAction(retentionForm, { runRetentionDays: '90' }, tenant.admin.caller)).toMatchObject({ ok: true })
    expect(await runAction(retentionForm, { runRetentionDays: '' }, tenant.admin.caller)).toMatchObject({ ok: true })
    const audit = await prisma.auditLog.findMany({
      where: { tenantId: tenant.id, action: 'retention.updated' },
      orderBy: { createdAt: 'asc' },
    })
    expect(audit.map((entry) => entry.details)).toEqual([
      { before: null, after: 90 },
      { before: 90, after: null },
    ])
  })
})

describe('the scheduled purge', () => {
  it('runs as a pg-boss job from the worker and deletes what is past the policy', async () => {
    const prisma = await getPrisma()
    const tenant = await createTenantWithUsers()
    await setRunRetention(tenant.admin.caller, 7)
    const old = await makeRun(tenant, (Date.now() - now.getTime()) / DAY + 30, 'succeeded')
    const { startRunWorker } = await import('../../../lib/services/runs/run-worker')
    const { getDatabase } = await import('../../../lib/adapters/db/client')
    const worker = await startRunWorker({
      database: await getDatabase(),
      concurrency: 1,
      retentionEverySeconds: 1,
      recoverEveryMs: 60_000,
    })
    try {
      const deadline = Date.now() + 30_000
      while ((await prisma.run.count({ where: { id: old.id } })) > 0) {
        if (Date.now() > deadline) throw new Error('the scheduled purge did not delete the run in 30 s')
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    } finally {
      await worker.stop()
    }
    expect(await prisma.runEvent.count({ where: { runId: old.id } })).toBe(0)
    expect(await prisma.auditLog.count({ where: { tenantId: tenant.id, action: 'retention.runs_deleted' } })).toBe(1)
  })
})
