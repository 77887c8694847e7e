// The support chat route's service on persisted runs: the model path with a scripted mock (what it
// was shown, what reached the browser), the offline diagnosis, tenant and ownership scoping,
// redaction, injection, auditing, and bad input.
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Caller } from '../../../lib/services/auth/caller'
import { getPrisma } from '../../../lib/adapters/db/client'
import { settleResponse } from '../../../lib/boundary/http/error-response'
import { supportChatResponse } from '../../../lib/services/support/chat-response'
import { MAX_QUESTION_CHARS } from '../../../lib/services/support/question-input'
import type { SupportModel } from '../../../lib/services/support/session'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { auditRows, chatRequest, INJECTION, persistRun, PLANTED, plantedFailedLog, readChat } from './support-fixtures'

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
}
const QUESTION = 'Why did this run fail?'
const leaks = (text: string) =>
  [PLANTED.apiKey, PLANTED.email, PLANTED.password].filter((secret) => text.includes(secret))

/** A mock that calls query_log (get #outputAt), then answers citing #maxReachedAt; records every call's options. */
function scriptedModel(outputAt: number, maxReachedAt: number) {
  const calls: LanguageModelV4CallOptions[] = []
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      calls.push(options)
      if (calls.length === 1) {
        return {
          stream: convertArrayToReadableStream([
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'query_log',
              input: JSON.stringify({ op: 'get', index: outputAt }),
            },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
          ]),
        }
      }
      return {
        stream: convertArrayToReadableStream([
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Both attempts scored below the threshold ' },
          {
            type: 'text-delta',
            id: 't',
            delta: `(#${maxReachedAt}); attempt 1 answered in the wrong format (#${outputAt}).`,
          },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
        ]),
      }
    },
  })
  return { model, calls }
}

const messagesOf = (options: LanguageModelV4CallOptions, roles: string[]) =>
  options.prompt
    .filter((message) => roles.includes(message.role))
    .map((message) => JSON.stringify(message.content))
    .join('\n')

let first: TestTenant
let second: TestTenant
let failedRun: string
let log: ReturnType<typeof plantedFailedLog>

beforeAll(async () => {
  first = await createTenantWithUsers()
  second = await createTenantWithUsers()
  log = plantedFailedLog()
  failedRun = await persistRun(first.member, log.events)
})

describe('support chat: model path', () => {
  it('the model gets the context card, calls query_log and answers citing #index; tool calls and text stream to the browser', async () => {
    const { model, calls } = scriptedModel(log.outputAt, log.maxReachedAt)
    const response = await supportChatResponse(
      first.support.caller,
      failedRun,
      chatRequest(failedRun, { question: QUESTION }),
      { chooseModel: async () => ({ model, label: 'mock:support' }) },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/application\/x-ndjson/)
    const { body, parts } = await readChat(response)
    expect(calls).toHaveLength(2)
    const system = messagesOf(calls[0], ['system'])
    expect(system).toContain(`[run context] ${log.events.length} events, status: failed`)
    expect(messagesOf(calls[0], ['user'])).toContain(QUESTION)
    const toolResults = messagesOf(calls[1], ['tool'])
    expect(toolResults).toContain(`#${log.outputAt} agent.output_produced`)
    expect(parts[0]).toEqual({ type: 'start', mode: 'model', label: 'support agent (mock:support)' })
    const toolCalls = parts.filter((part) => part.type === 'tool-call')
    expect(toolCalls).toEqual([
      {
        type: 'tool-call',
        args: { op: 'get', index: log.outputAt },
        result: expect.stringContaining(`#${log.outputAt} agent.output_produced`),
      },
    ])
    const text = parts
      .filter((part) => part.type === 'text')
      .map((part) => part.delta)
      .join('')
    expect(text).toBe(
      `Both attempts scored below the threshold (#${log.maxReachedAt}); attempt 1 answered in the wrong format (#${log.outputAt}).`,
    )
    expect(parts.at(-1)).toEqual({ type: 'done' })
    expect(leaks(body)).toEqual([])
  })

  it('the planted injection reaches the model only inside a tool result; planted secrets and e-mails never reach it', async () => {
    const { model, calls } = scriptedModel(log.outputAt, log.maxReachedAt)
    await readChat(
      await supportChatResponse(first.support.caller, failedRun, chatRequest(failedRun, { question: QUESTION }), {
        chooseModel: async () => ({ model, label: 'mock' }),
      }),
    )
    expect(messagesOf(calls[1], ['tool'])).toContain(INJECTION)
    for (const call of calls) {
      expect(messagesOf(call, ['system', 'user', 'assistant']).toLowerCase()).not.toContain(
        'ignore previous instructions',
      )
      expect(leaks(JSON.stringify(call.prompt))).toEqual([])
    }
    expect(messagesOf(calls[1], ['tool'])).toContain('[redacted:api-key]')
    expect(messagesOf(calls[1], ['tool'])).toContain('[redacted:email]')
  })

  it('a failing model falls back to the offline diagnosis, labelled as such', async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error('503 from the provider')
      },
    })
    const { parts } = await readChat(
      await supportChatResponse(first.support.caller, failedRun, chatRequest(failedRun, { question: QUESTION }), {
        chooseModel: async () => ({ model, label: 'mock' }),
      }),
    )
    expect(parts.map((part) => part.type)).toContain('fallback')
    expect(parts.find((part) => part.type === 'fallback')).toMatchObject({ label: 'offline agent' })
    const text = parts
      .filter((part) => part.type === 'text')
      .map((part) => part.delta)
      .join('')
    expect(text).toMatch(/^Failed: none of the 2 attempts reached the threshold/)
  })
})

describe('support chat: scoping', () => {
  it('a support user of another tenant gets 404 for a run id of this tenant; the model is never called and nothing is audited', async () => {
    const chooseModel = vi.fn(async (): Promise<SupportModel> => ({ model: scriptedModel(0, 0).model, label: 'mock' }))
    const before = (await auditRows(second.id, 'support.question_asked')).length
    for (const caller of [second.support.caller, second.admin.caller, second.member.caller]) {
      const response = await settleResponse(
        supportChatResponse(caller, failedRun, chatRequest(failedRun, { question: QUESTION }), { chooseModel }),
      )
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('')
    }
    expect(chooseModel).not.toHaveBeenCalled()
    expect(await auditRows(second.id, 'support.question_asked')).toHaveLength(before)
  })

  it("a member asking about another member's run gets 404; about their own run, the offline answer", async () => {
    const prisma = await getPrisma()
    const otherMember = await import('../helpers').then(({ addUser }) => addUser(first.id, 'member', 'other-member'))
    const chooseModel = vi.fn(async (): Promise<SupportModel> => null)
    const refused = await settleResponse(
      supportChatResponse(otherMember.caller, failedRun, chatRequest(failedRun, { question: QUESTION }), {
        chooseModel,
      }),
    )
    expect(refused.status).toBe(404)
    expect(chooseModel).not.toHaveBeenCalled()
    const own = await supportChatResponse(
      first.member.caller,
      failedRun,
      chatRequest(failedRun, { question: QUESTION }),
      { chooseModel },
    )
    expect(own.status).toBe(200)
    expect((await readChat(own)).parts[0]).toEqual({ type: 'start', mode: 'offline', label: 'offline agent' })
    const unknown = await settleResponse(
      supportChatResponse(first.support.caller, 'no-such-run', chatRequest('no-such-run', { question: QUESTION }), {
        chooseModel,
      }),
    )
    expect(unknown.status).toBe(404)
    expect(await prisma.run.count({ where: { id: failedRun } })).toBe(1)
  })

  it('signed out: 401 from the route, before the run is looked at', async () => {
    const { POST } = await import('../../../app/api/support/runs/[id]/chat/route')
    const response = await POST(chatRequest(failedRun, { question: QUESTION }), {
      params: Promise.resolve({ id: failedRun }),
    })
    expect(response.status).toBe(401)
  })
})

describe('support chat: offline diagnosis', () => {
  it('streams the tool calls it made and an answer citing #index; the injection changes nothing it does', async () => {
    const benignRun = await persistRun(first.member, plantedFailedLog({ injection: false }).events)
    const ask = async (runId: string) =>
      readChat(
        await supportChatResponse(first.support.caller, runId, chatRequest(runId, { question: QUESTION }), {
          chooseModel: async () => null,
        }),
      )
    const hostile = await ask(failedRun)
    const benign = await ask(benignRun)
    const callsOf = (chat: Awaited<ReturnType<typeof ask>>) =>
      chat.parts.filter((part) => part.type === 'tool-call').map((part) => part.args)
    const textOf = (chat: Awaited<ReturnType<typeof ask>>) =>
      chat.parts
        .filter((part) => part.type === 'text')
        .map((part) => part.delta)
        .join('')
    expect(callsOf(hostile).length).toBeGreaterThan(3)
    expect(callsOf(hostile)).toEqual(callsOf(benign))
    // Quoted event contents differ (the planted output is quoted as data); the rest is the same.
    const shape = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    expect(shape(textOf(hostile))).toBe(shape(textOf(benign)))
    expect(textOf(hostile)).not.toMatch(/passed/)
    expect(textOf(hostile)).toContain(`(#${log.maxReachedAt} reflexion.max_attempts_reached)`)
    expect(leaks(hostile.body)).toEqual([])
  })
})

describe('support chat: the offline agent answers the question asked', () => {
  const textOf = (parts: { type: string; delta?: string }[]) =>
    parts
      .filter((part) => part.type === 'text')
      .map((part) => part.delta)
      .join('')
  const offline = async (caller: Caller, body: object) =>
    readChat(
      await supportChatResponse(caller, failedRun, chatRequest(failedRun, body), { chooseModel: async () => null }),
    )

  it('three different questions get three different answers, each citing events of the log', async () => {
    const answers = await Promise.all(
      ['Why did this run fail?', 'What did the evaluator say on attempt 2?', 'How many tokens did it use?'].map(
        async (question) => textOf((await offline(first.support.caller, { question })).parts),
      ),
    )
    expect(new Set(answers).size).toBe(3)
    for (const answer of answers) {
      const cited = [...answer.matchAll(/#(\d+)/g)].map((match) => Number(match[1]))
      expect(cited.length).toBeGreaterThan(0)
      for (const position of cited) expect(position).toBeLessThan(log.events.length)
    }
    expect(answers[1]).toMatch(/^Attempt 2: the evaluator scored 0\.5/)
  })

  it('a follow-up uses the earlier questions; a question the log cannot answer is declined', async () => {
    const follow = await offline(first.support.caller, {
      question: 'and on attempt 1?',
      history: ['What did the evaluator say on attempt 2?'],
    })
    expect(textOf(follow.parts)).toMatch(/^Attempt 1: the evaluator scored 0\.3/)
    const declined = await offline(first.support.caller, { question: "What is the member's home address?" })
    expect(textOf(declined.parts)).toBe("The log doesn't record that.")
  })

  it('a member gets the answer without the query_log calls (no ids, no raw payloads); support gets them', async () => {
    const member = await offline(first.member.caller, { question: 'Why did this run fail?' })
    expect(member.parts.some((part) => part.type === 'tool-call')).toBe(false)
    expect(member.body).not.toContain('[run context]')
    expect(member.body).not.toContain(first.member.id)
    const support = await offline(first.support.caller, { question: 'Why did this run fail?' })
    expect(support.parts.filter((part) => part.type === 'tool-call').length).toBeGreaterThan(3)
  })
})

describe('support chat: audit and bad input', () => {
  it('audits who asked what about which run, not the answer', async () => {
    const question = 'What did the evaluator say on attempt 2?'
    await readChat(
      await supportChatResponse(first.support.caller, failedRun, chatRequest(failedRun, { question }), {
        chooseModel: async () => null,
      }),
    )
    const rows = await auditRows(first.id, 'support.question_asked')
    const row = rows.find((entry) => (entry.details as { question?: string }).question === question)
    expect(row).toMatchObject({
      actorId: first.support.id,
      targetType: 'run',
      targetId: failedRun,
      details: { question, mode: 'offline' },
    })
    expect(JSON.stringify(row?.details)).not.toContain('Status:')
  })

  it.each([
    ['an empty question', { question: '' }, /question must not be empty/],
    ['a blank question', { question: '   \n ' }, /question must not be empty/],
    ['a question over the limit', { question: 'x'.repeat(MAX_QUESTION_CHARS + 1) }, /at most 2000 characters/],
    ['a 1 MB body', { question: 'x'.repeat(1024 * 1024) }, /too large/],
    ['a number', { question: 42 }, /question must be a string/],
    ['no question', {}, /question must be a string/],
    ['an unknown field', { question: 'why?', model: 'openai:gpt-4.1' }, /unknown field\(s\): model/],
    ['an array', [1, 2], /send a JSON object/],
    ['not JSON', 'why did it fail', /not JSON/],
    ['a history that is not a list', { question: 'why?', history: 'attempt 2' }, /history must be a list/],
    ['a history of 11 questions', { question: 'why?', history: Array(11).fill('why?') }, /at most 10 questions/],
  ])('%s → 400 with a clear message; nothing written, no model called', async (_label, body, message) => {
    const chooseModel = vi.fn(async (): Promise<SupportModel> => null)
    const prisma = await getPrisma()
    const before = await prisma.auditLog.count({ where: { tenantId: first.id } })
    const response = await supportChatResponse(first.support.caller, failedRun, chatRequest(failedRun, body), {
      chooseModel,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toMatch(message)
    expect(chooseModel).not.toHaveBeenCalled()
    expect(await prisma.auditLog.count({ where: { tenantId: first.id } })).toBe(before)
  })
})

export type { Caller }
