// Support reads run data redacted on every way in: the console list, the runs list, the run page's
// queries, the log, the JSON Lines export, the live stream, the public API and the support timeline.
// The redaction is enforced in the run queries by the caller's role; members and admins read as written.
import { beforeAll, describe, expect, it } from 'vitest'
import { createApiKey } from '../../../lib/services/api-keys/api-keys'
import { getPrisma } from '../../../lib/adapters/db/client'
import { getLesson } from '../../../lib/services/lessons/my-lessons'
import { authorizeRun, getRun, listRunEvents, listRuns, readRunEvents } from '../../../lib/services/runs/queries'
import { exportRunResponse, streamRunResponse } from '../../../lib/services/runs/run-responses'
import { listSupportRuns } from '../../../lib/services/support/support-queries'
import { loadTimelinePage } from '../../../lib/services/support/timeline-page'
import { callApi } from '../api/api-client'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { persistRun, PLANTED, plantedFailedLog } from './support-fixtures'

let tenant: TestTenant
let runId: string
let supportKey: string

const TITLE = `Deploy with key ${PLANTED.apiKey}`
const PROMPT = `Use OPENAI_API_KEY=${PLANTED.apiKey} and mail ${PLANTED.email} when done.`
const OUTPUT = `Done; told ${PLANTED.email}, key ${PLANTED.apiKey}.`

/** Fails with the path's name when a planted secret or address is in the text. */
function expectClean(path: string, text: string) {
  expect(text, path).not.toContain(PLANTED.apiKey)
  expect(text, path).not.toContain(PLANTED.email)
  expect(text, path).not.toContain(PLANTED.password)
}

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  runId = await persistRun(tenant.member, plantedFailedLog({ injection: false }).events, {
    title: TITLE,
    prompt: PROMPT,
    output: OUTPUT,
  })
  supportKey = (await createApiKey(tenant.support.caller, { name: 'support', kind: 'personal', scopes: ['runs:read'] }))
    .secret
})

describe('a support caller reads run data redacted', () => {
  it('the support console list and the runs list show the title masked', async () => {
    const console = await listSupportRuns(tenant.support.caller, {}, { limit: 100 })
    expect(console.runs.map((run) => run.title)).toEqual(['Deploy with key [redacted:api-key]'])
    expectClean('runs list', JSON.stringify(await listRuns(tenant.support.caller, { limit: 100 })))
  })

  it('the run page (getRun and its log) shows title, prompt and output masked', async () => {
    const run = await getRun(tenant.support.caller, runId)
    expect(run.prompt).toBe('Use OPENAI_API_KEY=[redacted:api-key] and mail [redacted:email] when done.')
    expectClean('getRun', JSON.stringify(run))
    expectClean('page log', JSON.stringify(await readRunEvents(run.access, { limit: 10_000 })))
    expectClean('listRunEvents', JSON.stringify(await listRunEvents(tenant.support.caller, runId)))
    expectClean('authorizeRun', JSON.stringify(await authorizeRun(tenant.support.caller, runId)))
  })

  it('the JSON Lines export and the live stream carry masked payloads', async () => {
    const exported = await (await exportRunResponse(tenant.support.caller, runId)).text()
    expect(exported).toContain('[redacted:api-key]')
    expectClean('export', exported)
    const stream = await streamRunResponse(
      tenant.support.caller,
      runId,
      new Request(`http://test/api/runs/${runId}/stream`, { signal: AbortSignal.timeout(10_000) }),
    )
    const streamed = await stream.text()
    expect(streamed).toContain('event: end')
    expectClean('stream', streamed)
  })

  it('the public API (run, runs, events, export) answers a support key redacted', async () => {
    for (const path of [
      `/api/v1/runs/${runId}`,
      '/api/v1/runs',
      `/api/v1/runs/${runId}/events?limit=1000`,
      `/api/v1/runs/${runId}/export`,
    ]) {
      const response = await callApi('GET', path, { key: supportKey })
      expect(response.status, path).toBe(200)
      expectClean(path, await response.text())
    }
  })

  it('the support timeline stays redacted', async () => {
    expectClean('timeline', JSON.stringify(await loadTimelinePage(tenant.support.caller, runId, 0)))
  })

  it('a text search never finds a run by its secret, and pages through the rest in full', async () => {
    const searched = await createTenantWithUsers()
    const { events } = plantedFailedLog({ injection: false })
    const visible: string[] = []
    for (let index = 0; index < 5; index++) {
      // Every other run carries the searched word only inside its secret.
      const title = index % 2 === 0 ? `Visible deploy ${index}` : `Run ${index}`
      const id = await persistRun(searched.member, events, {
        title,
        prompt: `key sk-live-DEPLOYSECRET${index}abcdefgh`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 12, index)),
      })
      if (index % 2 === 0) visible.unshift(id)
    }
    const support = searched.support.caller
    expect((await listSupportRuns(support, { q: 'DEPLOYSECRET' })).runs).toEqual([])
    expect((await listRuns(support, { q: 'DEPLOYSECRET' })).runs).toEqual([])
    expect((await listRuns(searched.admin.caller, { q: 'DEPLOYSECRET' })).runs).toHaveLength(5)
    const pagesOf = async (
      list: (cursor?: string) => Promise<{ runs: { id: string }[]; nextCursor: string | null }>,
    ) => {
      const ids: string[] = []
      let cursor: string | undefined
      do {
        const page = await list(cursor)
        ids.push(...page.runs.map((run) => run.id))
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      return ids
    }
    expect(await pagesOf((cursor) => listRuns(support, { q: 'deploy', limit: 1, cursor }))).toEqual(visible)
    expect(await pagesOf((cursor) => listSupportRuns(support, { q: 'deploy' }, { limit: 1, cursor }))).toEqual(visible)
  })

  it('a member lesson written from the run reads redacted on its page', async () => {
    const content = `Pass the key ${PLANTED.apiKey} in the header.`
    const lesson = await (
      await getPrisma()
    ).lesson.create({
      data: { tenantId: tenant.id, userKey: tenant.member.id, content, normalized: content.toLowerCase(), tags: ['x'] },
    })
    expect((await getLesson(tenant.support.caller, lesson.id)).content).toBe(
      'Pass the key [redacted:api-key] in the header.',
    )
    expect((await getLesson(tenant.member.caller, lesson.id)).content).toBe(content)
  })

  it('the member who ran it and an admin still read it as written', async () => {
    expect((await getRun(tenant.member.caller, runId)).prompt).toBe(PROMPT)
    expect((await getRun(tenant.admin.caller, runId)).title).toBe(TITLE)
    expect(await (await exportRunResponse(tenant.member.caller, runId)).text()).toContain(PLANTED.apiKey)
  })
})
