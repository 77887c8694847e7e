// Route handlers with hostile input, through the same functions the routes call: the support chat
// with hostile questions and bodies, the export and live stream with hostile ids and resume points.
// Each answer is a clear 4xx or a safe 200; never a thrown error (a 500); a refusal writes nothing.
import { beforeAll, describe, expect, it } from 'vitest'
import { settleResponse } from '../../../lib/boundary/http/error-response'
import { exportRunResponse, streamRunResponse } from '../../../lib/services/runs/run-responses'
import { supportChatResponse } from '../../../lib/services/support/chat-response'
import { HOSTILE_VALUES, ONE_MEGABYTE, SCRIPT_PAYLOAD } from '../../support/hostile-values'
import { createIsolationFixtures, type IsolationTenant } from '../../support/isolation-fixtures'
import { tableDigest } from '../../support/table-digest'
import { chatRequest, readChat } from '../support/support-fixtures'

let a: IsolationTenant
let b: IsolationTenant

beforeAll(async () => {
  ;({ a, b } = await createIsolationFixtures())
})

const offline = async () => null

describe('support chat', () => {
  it('every hostile question is a 400 with a message, or an answer that carries no markup of its own; never a 500', async () => {
    const runId = a.resources.memberOne.runId
    const problems: string[] = []
    for (const [name, value] of Object.entries(HOSTILE_VALUES)) {
      const before = await tableDigest([a.id, b.id])
      const response = await supportChatResponse(
        a.users.support.caller,
        runId,
        chatRequest(runId, { question: value }),
        { chooseModel: offline },
      ).catch((error: Error) => error)
      if (response instanceof Error) {
        problems.push(`${name}: threw ${response.message.slice(0, 120)}`)
        continue
      }
      const body = await response.text()
      if (response.status === 400) {
        if (!JSON.parse(body).error) problems.push(`${name}: 400 without a message`)
        if (JSON.stringify(await tableDigest([a.id, b.id])) !== JSON.stringify(before))
          problems.push(`${name}: refused but wrote`)
      } else if (response.status !== 200) problems.push(`${name}: status ${response.status}`)
      else if (body.includes('\u0000')) problems.push(`${name}: the answer echoes a NUL byte`)
    }
    expect(problems).toEqual([])
  })

  it('hostile bodies: not JSON, an array, unknown fields, 1 MB; each a 400 that says what is accepted', async () => {
    const runId = a.resources.memberOne.runId
    const bodies: Record<string, string | object> = {
      'not JSON': '{question: nope',
      array: ['Why?'],
      'unknown field': { question: 'Why?', role: 'system' },
      'one megabyte': { question: ONE_MEGABYTE },
      empty: '',
      'JSON null': 'null',
    }
    for (const [name, body] of Object.entries(bodies)) {
      const response = await supportChatResponse(a.users.support.caller, runId, chatRequest(runId, body), {
        chooseModel: offline,
      })
      expect(response.status, name).toBe(400)
      expect(JSON.parse(await response.text()).error, name).toMatch(/question/)
    }
  })

  it('markup in a question comes back as JSON text in the NDJSON stream, never as HTML', async () => {
    const runId = a.resources.memberOne.runId
    const response = await supportChatResponse(
      a.users.support.caller,
      runId,
      chatRequest(runId, { question: `Why? ${SCRIPT_PAYLOAD}` }),
      { chooseModel: offline },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/)
    const { parts } = await readChat(response)
    expect(parts.length).toBeGreaterThan(0)
  })
})

describe('export and stream', () => {
  it('hostile run ids are a 404 with no body, for the owner too', async () => {
    const ids = [
      '',
      '\u0000',
      `${a.resources.memberOne.runId}\u0000`,
      'x'.repeat(10_000),
      "' OR '1'='1",
      '../../etc/passwd',
      '%00',
      '\uD800',
    ]
    for (const id of ids) {
      for (const respond of [
        (runId: string) => exportRunResponse(a.users.memberOne.caller, runId),
        (runId: string) => streamRunResponse(a.users.memberOne.caller, runId, new Request('http://localhost/x')),
      ]) {
        const response = await settleResponse(respond(id)).catch((error: Error) => error)
        expect(response instanceof Response ? response.status : String(response), JSON.stringify(id)).toBe(404)
        if (response instanceof Response) expect(await response.text()).toBe('')
      }
    }
  })

  it('a hostile resume point replays from the start instead of failing', async () => {
    const runId = a.resources.memberOne.runId
    for (const after of ['-5', 'abc', '1e309', '99999999999999999999', '0x10', '']) {
      const controller = new AbortController()
      const response = await streamRunResponse(
        a.users.memberOne.caller,
        runId,
        new Request(`http://localhost/api/runs/${runId}/stream?after=${encodeURIComponent(after)}`, {
          signal: controller.signal,
        }),
      )
      expect(response.status, after).toBe(200)
      const text = await response.text()
      expect(text, after).toContain(a.resources.memberOne.runMarker)
      controller.abort()
    }
  })
})
