import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { parseJsonl } from '../../../lib/core/events/jsonl'
import { settleResponse } from '../../../lib/boundary/http/error-response'
import { exportRunResponse, streamRunResponse } from '../../../lib/services/runs/run-responses'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addUser, createTenantWithUsers, type TestTenant } from '../helpers'
import { scenarioTask, startTestWorker, storedEvents, waitForRun } from './run-helpers'

let tenant: TestTenant
let worker: RunWorker

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  worker = await startTestWorker()
})
afterAll(async () => worker.stop())

/** Reads an SSE body to its end: the ids and events of `run_event` messages, and whether `end` came. */
async function readSse(response: Response) {
  const text = await response.text()
  const messages = text.split('\n\n').filter((block) => block.trim() && !block.startsWith(':'))
  const events = messages
    .filter((block) => block.includes('event: run_event'))
    .map((block) => ({
      id: Number(/^id: (\d+)$/m.exec(block)![1]),
      data: JSON.parse(/^data: (.*)$/m.exec(block)![1]),
    }))
  return { events, ended: messages.some((block) => block.startsWith('event: end')) }
}

describe('export and live stream', () => {
  it('exports the log as JSON Lines in the export shape, as an attachment; others get a bare 404', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, scenarioTask('book-json'))
    await waitForRun(runId)
    const response = await exportRunResponse(tenant.member.caller, runId)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="run-${runId}.jsonl"`)
    const text = await response.text()
    const lines = text.trimEnd().split('\n')
    expect(Object.keys(JSON.parse(lines[0]))).toEqual(['index', 'type', 'kind', 'namespace', 'payload', 'cause', 'at'])
    expect(parseJsonl(text)).toEqual(await storedEvents(runId))
    const peer = await addUser(tenant.id, 'member')
    const refused = await settleResponse(exportRunResponse(peer.caller, runId))
    expect(refused.status).toBe(404)
    expect(await refused.text()).toBe('')
  })

  it('replays after Last-Event-ID without repeating, follows a live run to run.finished, then sends end', async () => {
    const prisma = await getPrisma()
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: { demoLatencyMs: 150 } } })
    const { runId } = await submitTaskDraft(tenant.member.caller, scenarioTask('hangzhou-walk'))
    const live = await readSse(
      await streamRunResponse(tenant.member.caller, runId, new Request(`http://test/api/runs/${runId}/stream`)),
    )
    const stored = await storedEvents(runId)
    expect(live.ended).toBe(true)
    expect(live.events.map((event) => event.id)).toEqual(stored.map((event) => event.index))
    expect(live.events.map((event) => event.data)).toEqual(stored)
    const resumeAt = 5
    const request = new Request(`http://test/api/runs/${runId}/stream`, {
      headers: { 'Last-Event-ID': String(resumeAt) },
    })
    const replay = await readSse(await streamRunResponse(tenant.member.caller, runId, request))
    expect(replay.events.map((event) => event.id)).toEqual(
      stored.filter((event) => event.index > resumeAt).map((event) => event.index),
    )
    const byQuery = await readSse(
      await streamRunResponse(
        tenant.member.caller,
        runId,
        new Request(`http://test/api/runs/${runId}/stream?after=${stored.length - 2}`),
      ),
    )
    expect(byQuery.events.map((event) => event.id)).toEqual([stored.length - 1])
    expect((await streamRunResponse(tenant.support.caller, runId, new Request('http://test/'))).status).toBe(200)
    expect(
      (
        await settleResponse(
          streamRunResponse((await addUser(tenant.id, 'member')).caller, runId, new Request('http://test/')),
        )
      ).status,
    ).toBe(404)
    await prisma.tenant.update({ where: { id: tenant.id }, data: { settings: {} } })
  })
})
