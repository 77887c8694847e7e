// The New task form refuses bad settings field by field before anything runs, and writes nothing.
import { describe, expect, it } from 'vitest'
import { cancelRunForm, submitTaskForm } from '../../../lib/services/runs/forms'
import { runAction } from '../../../lib/boundary/actions/define'
import { getPrisma } from '../../../lib/adapters/db/client'
import { createTenantWithUsers } from '../helpers'

function formData(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

const validForm = (): Record<string, string> => ({
  prompt: 'Plan a relaxed one-day walking tour of Hangzhou. List the stops in order, separated by →.',
  'evaluator.kind': 'llm',
  'reflexion.maxAttempts': '3',
  'reflexion.threshold': '0.8',
  'reflexion.lessonMode': 'selective',
  'reflexion.topKLessons': '5',
  'architecture.kind': 'react',
  maxTurns: '8',
  'models.agent': '',
})

async function runCounts() {
  const prisma = await getPrisma()
  const [runs, runEvents] = await Promise.all([prisma.run.count(), prisma.runEvent.count()])
  return { runs, runEvents }
}

type Case = { name: string; input: unknown; field: string; message: RegExp }

describe('New task form (submitTaskForm)', () => {
  it('refuses bad input with an error under each field, writing no run and no event', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const cases: Case[] = [
      {
        name: 'empty prompt',
        input: formData({ ...validForm(), prompt: '   ' }),
        field: 'prompt',
        message: /write the task/i,
      },
      {
        name: '1 MB prompt',
        input: formData({ ...validForm(), prompt: 'x'.repeat(1_000_000) }),
        field: 'prompt',
        message: /at most 20,000 characters/i,
      },
      {
        name: 'threshold 2',
        input: formData({ ...validForm(), 'reflexion.threshold': '2' }),
        field: 'reflexion.threshold',
        message: /from 0 to 1/,
      },
      {
        name: 'threshold not a number',
        input: formData({ ...validForm(), 'reflexion.threshold': 'high' }),
        field: 'reflexion.threshold',
        message: /from 0 to 1/,
      },
      {
        name: 'maxAttempts 0',
        input: formData({ ...validForm(), 'reflexion.maxAttempts': '0' }),
        field: 'reflexion.maxAttempts',
        message: /from 1 to 10/,
      },
      {
        name: 'maxAttempts 2.5',
        input: formData({ ...validForm(), 'reflexion.maxAttempts': '2.5' }),
        field: 'reflexion.maxAttempts',
        message: /whole number/,
      },
      {
        name: 'maxTurns 0',
        input: formData({ ...validForm(), maxTurns: '0' }),
        field: 'maxTurns',
        message: /from 1 to 50/,
      },
      {
        name: 'JSON Schema not JSON',
        input: formData({ ...validForm(), 'evaluator.kind': 'json_schema', 'evaluator.schema': '{"type": "object",' }),
        field: 'evaluator.schema',
        message: /not valid JSON/,
      },
      {
        name: 'JSON Schema not an object',
        input: formData({ ...validForm(), 'evaluator.kind': 'json_schema', 'evaluator.schema': '[1, 2]' }),
        field: 'evaluator.schema',
        message: /JSON Schema object/,
      },
      {
        name: 'JSON Schema that does not compile',
        input: formData({ ...validForm(), 'evaluator.kind': 'json_schema', 'evaluator.schema': '{"type": "strin"}' }),
        field: 'evaluator.schema',
        message: /invalid JSON Schema/i,
      },
      {
        name: 'invalid regex',
        input: formData({ ...validForm(), 'evaluator.kind': 'regex', 'evaluator.expected': '(unclosed' }),
        field: 'evaluator.expected',
        message: /invalid regular expression/i,
      },
      {
        name: 'empty exact answer',
        input: formData({ ...validForm(), 'evaluator.kind': 'exact', 'evaluator.expected': ' ' }),
        field: 'evaluator.expected',
        message: /expected answer/,
      },
      {
        name: 'supervisor without workers',
        input: formData({ ...validForm(), 'architecture.kind': 'supervisor' }),
        field: 'architecture.workers',
        message: /at least one worker/i,
      },
      {
        name: 'worker with a bad name',
        input: formData({
          ...validForm(),
          'architecture.kind': 'supervisor',
          'architecture.workers.0.name': 'has spaces',
          'architecture.workers.0.instructions': 'Check facts.',
        }),
        field: 'architecture.workers.0.name',
        message: /letters, digits/i,
      },
      {
        name: 'unknown model provider',
        input: formData({ ...validForm(), 'models.agent': 'acme:large' }),
        field: 'models.agent',
        message: /openai:<model>/,
      },
      { name: 'wrong type: prompt a number', input: { prompt: 42 }, field: 'prompt', message: /expected string/i },
      {
        name: 'wrong type: threshold a boolean',
        input: { prompt: 'Plan a day.', reflexion: { threshold: true } },
        field: 'reflexion.threshold',
        message: /from 0 to 1/,
      },
      {
        name: 'wrong type: unknown evaluator',
        input: { prompt: 'Plan a day.', evaluator: { kind: 'vibes' } },
        field: 'evaluator.kind',
        message: /./,
      },
    ]
    for (const testCase of cases) {
      const before = await runCounts()
      const result = await runAction(submitTaskForm as never, testCase.input, tenant.member.caller)
      expect(result.ok, testCase.name).toBe(false)
      if (result.ok) continue
      expect(
        result.fieldErrors?.[testCase.field]?.join(' '),
        `${testCase.name}: ${JSON.stringify(result.fieldErrors)}`,
      ).toMatch(testCase.message)
      expect(await runCounts(), testCase.name).toEqual(before)
    }
  })

  it('accepts a valid form: one run and its seed event, with the dotted fields applied', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const before = await runCounts()
    const result = await runAction(
      submitTaskForm,
      formData({
        ...validForm(),
        'reflexion.maxAttempts': '4',
        'reflexion.threshold': '0.75',
        'evaluator.kind': 'contains',
        'evaluator.expected': 'walk',
        'evaluator.caseSensitive': 'on',
      }),
      tenant.member.caller,
    )
    expect(result.ok, JSON.stringify(result)).toBe(true)
    if (!result.ok) return
    expect(await runCounts()).toEqual({ runs: before.runs + 1, runEvents: before.runEvents + 1 })
    const prisma = await getPrisma()
    const run = await prisma.run.findUniqueOrThrow({ where: { id: result.data.runId } })
    expect(run).toMatchObject({
      userId: tenant.member.id,
      tenantId: tenant.id,
      maxAttempts: 4,
      threshold: 0.75,
      model: 'demo (offline)',
    })
    expect((run.config as { evaluator: unknown }).evaluator).toEqual({
      kind: 'contains',
      expected: 'walk',
      caseSensitive: true,
    })
  })

  it('refuses support staff and signed-out callers without writing anything', async () => {
    const tenant = await createTenantWithUsers({ roles: ['support'] })
    const before = await runCounts()
    expect(await runAction(submitTaskForm, formData(validForm()), tenant.support.caller)).toEqual({
      ok: false,
      error: 'Not found',
    })
    expect(await runAction(submitTaskForm, formData(validForm()), null)).toMatchObject({
      ok: false,
      error: /Sign in again/,
    })
    expect(await runCounts()).toEqual(before)
  })

  it('refuses a run past the daily quota with a form error that says the limit, writing nothing', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const prisma = await getPrisma()
    await prisma.membership.update({ where: { id: tenant.member.membershipId }, data: { runQuota: 1 } })
    expect((await runAction(submitTaskForm, formData(validForm()), tenant.member.caller)).ok).toBe(true)
    const before = await runCounts()
    const refused = await runAction(submitTaskForm, formData(validForm()), tenant.member.caller)
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/daily limit of 1/) })
    expect(await runCounts()).toEqual(before)
  })
})

describe('Cancel run form (cancelRunForm)', () => {
  it('lets the owner cancel a queued run, and answers not found to another member', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member', 'member'] })
    const [owner, other] = tenant.users
    const submitted = await runAction(submitTaskForm, formData(validForm()), owner.caller)
    if (!submitted.ok) throw new Error(submitted.error)
    expect(await runAction(cancelRunForm, { runId: submitted.data.runId }, other.caller)).toEqual({
      ok: false,
      error: 'Not found',
    })
    const cancelled = await runAction(cancelRunForm, { runId: submitted.data.runId }, owner.caller)
    expect(cancelled).toEqual({ ok: true, data: { outcome: 'ended' } })
    const prisma = await getPrisma()
    expect(
      (await prisma.run.findUniqueOrThrow({ where: { id: submitted.data.runId } })).cancelRequestedAt,
    ).not.toBeNull()
  })
})
