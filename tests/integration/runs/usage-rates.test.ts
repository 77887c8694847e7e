// Per-minute limits on starting work: one member (or one organisation) cannot submit runs or ask the
// support agent without bound (300 runs in 9.5 s and 300 questions in 2.3 s went through before).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { env } from '../../../lib/env'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { supportChatResponse } from '../../../lib/services/support/chat-response'
import { createTenantWithUsers } from '../helpers'
import { chatRequest, persistRun, plantedFailedLog } from '../support/support-fixtures'
import { scenarioTask } from './run-helpers'

const saved = { ...env }

beforeEach(() => {
  // The limits count per clock minute: hold the clock still so a test never straddles two minutes.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 120_000 + 30_000))
  env.RUNS_PER_MEMBER_PER_MINUTE = 3
  env.RUNS_PER_TENANT_PER_MINUTE = 5
  env.SUPPORT_QUESTIONS_PER_USER_PER_MINUTE = 2
})

afterEach(() => {
  vi.useRealTimers()
  env.RUNS_PER_MEMBER_PER_MINUTE = saved.RUNS_PER_MEMBER_PER_MINUTE
  env.RUNS_PER_TENANT_PER_MINUTE = saved.RUNS_PER_TENANT_PER_MINUTE
  env.SUPPORT_QUESTIONS_PER_USER_PER_MINUTE = saved.SUPPORT_QUESTIONS_PER_USER_PER_MINUTE
})

async function runCount(tenantId: string): Promise<number> {
  return (await getPrisma()).run.count({ where: { tenantId } })
}

describe('usage rates', () => {
  it('a member over the minute is refused with nothing written; the organisation’s limit covers its members together; other tenants go on', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const other = await createTenantWithUsers({ roles: ['member'] })
    const task = scenarioTask('kyoto-walk')
    for (let index = 0; index < 3; index++) await submitTaskDraft(tenant.member.caller, task)
    await expect(submitTaskDraft(tenant.member.caller, task)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/You may start 3 runs a minute\. Try again in \d+ seconds\./),
    })
    expect(await runCount(tenant.id)).toBe(3)
    // The admin may start two more: then the organisation's five a minute are used up.
    for (let index = 0; index < 2; index++) await submitTaskDraft(tenant.admin.caller, task)
    await expect(submitTaskDraft(tenant.admin.caller, task)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Your organisation may start 5 runs a minute/),
    })
    expect(await runCount(tenant.id)).toBe(5)
    await submitTaskDraft(other.member.caller, task)
    expect(await runCount(other.id)).toBe(1)
  })

  it('a refused (invalid) submission does not use up the minute', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    for (let index = 0; index < 5; index++)
      await expect(submitTaskDraft(tenant.member.caller, { prompt: '' })).rejects.toMatchObject({ code: 'bad_request' })
    for (let index = 0; index < 3; index++) await submitTaskDraft(tenant.member.caller, scenarioTask('kyoto-walk'))
  })

  it('support questions over the minute are answered 429 with a message the chat shows', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member', 'support'] })
    const runId = await persistRun(tenant.member, plantedFailedLog().events)
    const ask = () =>
      supportChatResponse(tenant.support.caller, runId, chatRequest(runId, { question: 'Why did it fail?' }))
    for (let index = 0; index < 2; index++) {
      const response = await ask()
      expect(response.status).toBe(200)
      await response.text()
    }
    const refused = await ask()
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(/You may ask 2 questions a minute\. Try again in \d+ seconds\./),
    })
  })
})
