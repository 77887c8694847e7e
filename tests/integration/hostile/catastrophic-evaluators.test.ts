// Runs whose evaluator is a trap: a catastrophic regex against a long "aaaa…b" output, and a JSON
// Schema with a catastrophic pattern. Through the real worker, each run finishes (failed, with the
// timeout said in the feedback) instead of hanging the worker; invalid schemas are refused up front.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAction } from '../../../lib/boundary/actions/define'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskForm } from '../../../lib/services/runs/forms'
import { tableCounts } from '../../support/table-digest'
import { saveProviderKey } from '../../../lib/services/admin/provider-keys'
import { startOpenAIServer, type OpenAIServer } from '../../support/openai-server'
import { allowOutbound, createTenantWithUsers, type TestTenant } from '../helpers'
import { scenarioTask, startTestWorker, storedEvents, waitForRun } from '../runs/run-helpers'

let tenant: TestTenant
let worker: RunWorker
let model: OpenAIServer
let disallow: () => void

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
  // A scripted model that answers the trap output (the offline demo model answers only its own tasks).
  model = await startOpenAIServer([])
  disallow = allowOutbound(model.url)
  await saveProviderKey(tenant.admin.caller, { provider: 'compatible', apiKey: 'test-key-0000', baseUrl: model.url })
  worker = await startTestWorker()
})

afterAll(async () => {
  await worker?.stop()
  await model?.close()
  disallow?.()
})

// The scripted model's output: 150 a's and a b, the input that makes (a+)+$ backtrack exponentially.
const LONG_A_THEN_B = `${'a'.repeat(150)}b`

async function feedbackOf(runId: string): Promise<string[]> {
  return (await storedEvents(runId))
    .filter((event) => event.type === 'reflexion.evaluated')
    .map((event) => String(event.payload.feedback))
}

describe('catastrophic evaluators', () => {
  it('a run checked with (a+)+$ against a long "aaaa…b" output finishes, each attempt counted as a timed-out failure', async () => {
    // Attempt 1, the reflector's lesson, attempt 2 (no lesson after the final failure).
    model.script({ text: LONG_A_THEN_B }, { text: 'Check the pattern before answering.' }, { text: LONG_A_THEN_B })
    const task = {
      prompt: 'Write 150 a’s and then one b.',
      title: 'Regex trap',
      models: { agent: 'compatible:trap' },
      evaluator: { kind: 'regex' as const, expected: '(a+)+$', caseSensitive: true },
      reflexion: { maxAttempts: 2 },
    }
    const { runId } = await submitTaskDraft(tenant.member.caller, task)
    const run = await waitForRun(runId, 60_000)
    expect(run.status).toBe('failed')
    const feedback = await feedbackOf(runId)
    expect(feedback).toHaveLength(2)
    for (const line of feedback) expect(line).toMatch(/regex check timed out/)
    expect(model.remaining()).toBe(0)
  })

  it('the anchored ^(a+)+$ runs to its end too', async () => {
    model.script({ text: LONG_A_THEN_B })
    const { runId } = await submitTaskDraft(tenant.member.caller, {
      prompt: 'Write 150 a’s and then one b.',
      models: { agent: 'compatible:trap' },
      evaluator: { kind: 'regex', expected: '^(a+)+$', caseSensitive: true },
      reflexion: { maxAttempts: 1 },
    })
    expect(['failed', 'succeeded']).toContain((await waitForRun(runId, 60_000)).status)
    expect(model.remaining()).toBe(0)
  })

  it('a JSON Schema with a catastrophic pattern finishes; invalid schemas are refused with a field error and nothing written', async () => {
    const base = scenarioTask('kyoto-walk')
    const schema = { type: 'object', properties: { answer: { type: 'string', pattern: '^(a+)+$' } } }
    const { runId } = await submitTaskDraft(tenant.member.caller, {
      ...base,
      prompt: LONG_A_THEN_B,
      evaluator: { kind: 'json_schema', schema },
      reflexion: { ...base.reflexion, maxAttempts: 1 },
    })
    expect((await waitForRun(runId, 60_000)).status).toBe('failed')

    const invalid: Record<string, string> = {
      'not JSON': '{"type": "object",',
      'an array': '[1, 2]',
      'a string': '"object"',
      'unknown type': '{"type": "banana"}',
      'wrong keyword type': '{"type": "object", "required": "title"}',
      'deeply nested': `${'{"items":'.repeat(2000)}{}${'}'.repeat(2000)}`,
      // 540 KB: compiling it held the event loop for 2.5 s, so every tenant's requests waited.
      'huge (9,000 properties)': JSON.stringify({
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 9_000 }, (_, i) => [`property${i}`, { type: 'string' }])),
      }),
      'a $ref leading outside the schema': '{"properties": {"a": {"$ref": "#/definitions/missing"}}}',
    }
    const problems: string[] = []
    for (const [name, text] of Object.entries(invalid)) {
      const before = await tableCounts()
      const result = await runAction(
        submitTaskForm,
        { ...base, 'evaluator.kind': 'json_schema', evaluator: undefined, 'evaluator.schema': text },
        tenant.member.caller,
      )
      if (result.ok) problems.push(`${name}: accepted`)
      else if (!result.fieldErrors?.['evaluator.schema']?.length)
        problems.push(`${name}: no evaluator.schema field error (${JSON.stringify(result)})`)
      if (JSON.stringify(await tableCounts()) !== JSON.stringify(before)) problems.push(`${name}: wrote something`)
    }
    expect(problems).toEqual([])
  })
})
