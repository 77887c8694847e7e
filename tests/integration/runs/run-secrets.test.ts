// The product path keeps provider keys out of run logs (issue #10.2) and never resolves a model
// string for a role the task does not use (issue #11.5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { serializeJsonl } from '../../../lib/core/events/jsonl'
import { saveProviderKey } from '../../../lib/services/admin/provider-keys'
import { staticSecrets } from '../../../lib/adapters/models/secrets'
import { buildRunAgent } from '../../../lib/services/runs/run-agent'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import type { StoredTask } from '../../../lib/services/runs/stored-task'
import { taskInputSchema, type TaskInputDraft } from '../../../lib/services/runs/task-input'
import { startOpenAIServer, type OpenAIServer } from '../../support/openai-server'
import { allowOutbound, createTenantWithUsers, type TestTenant } from '../helpers'
import { startTestWorker, storedEvents, waitForRun } from './run-helpers'

/** A key no generic pattern would mask: only masking the configured value catches it. */
const TENANT_KEY = 'tenant-key-ReflexionStudio-5d71e2a9c0'

let server: OpenAIServer
let tenant: TestTenant
let worker: RunWorker
let disallow: () => void

beforeAll(async () => {
  server = await startOpenAIServer([])
  // The fake provider listens on 127.0.0.1, which the outbound guard refuses unless allowed.
  disallow = allowOutbound(server.url)
  tenant = await createTenantWithUsers()
  await saveProviderKey(tenant.admin.caller, { provider: 'compatible', apiKey: TENANT_KEY, baseUrl: server.url })
  worker = await startTestWorker()
})
afterAll(async () => {
  await worker?.stop()
  await server?.close()
  disallow?.()
})

describe('secrets on the product path', () => {
  it('masks the tenant key a provider error echoes, in the stored log and the export', async () => {
    server.script({ fault: 'status', status: 401 })
    const { runId } = await submitTaskDraft(tenant.member.caller, {
      prompt: 'Plan a relaxed walk.',
      models: { agent: 'compatible:main-model' },
      reflexion: { maxAttempts: 1 },
    })
    const run = await waitForRun(runId)
    expect(run.status).toBe('interrupted')
    const events = await storedEvents(runId)
    const raised = events.find((event) => event.type === 'run.handler_raised')
    expect(raised?.payload).toMatchObject({ error: expect.stringContaining('Incorrect API key provided: ***') })
    expect(serializeJsonl(events)).not.toContain(TENANT_KEY)
    expect(serializeJsonl(events)).not.toContain('5d71e2a9c0')
  })
})

describe('role models the task does not use', () => {
  const noKeys = staticSecrets({})
  const context = async () => ({ prisma: await getPrisma(), tenantId: tenant.id, runId: 'unused', secrets: noKeys })
  const stored = (draft: TaskInputDraft): StoredTask => {
    const input = taskInputSchema.parse(draft)
    return { ...input, models: { ...input.models, agent: input.models.agent ?? 'demo:offline' } }
  }

  it('builds an exact-match run whose evaluator model names a provider with no key', async () => {
    const task = stored({
      prompt: 'Say yes.',
      evaluator: { kind: 'exact', expected: 'yes' },
      models: { agent: 'demo:offline', evaluator: 'openai:gpt-4.1-mini' },
      reflexion: { maxAttempts: 1 },
    })
    await expect(buildRunAgent(task, await context(), [])).resolves.toHaveProperty('agent')
  })

  it('does not resolve the reflector of a one-attempt run, but does resolve a judge that is used', async () => {
    const oneAttempt = stored({
      prompt: 'Say yes.',
      models: { agent: 'demo:offline', reflector: 'anthropic:claude-haiku-4-5' },
      reflexion: { maxAttempts: 1 },
    })
    await expect(buildRunAgent(oneAttempt, await context(), [])).resolves.toHaveProperty('agent')
    const judged = stored({
      prompt: 'Say yes.',
      evaluator: { kind: 'llm' },
      models: { agent: 'demo:offline', evaluator: 'openai:gpt-4.1-mini' },
    })
    await expect(buildRunAgent(judged, await context(), [])).rejects.toThrow('needs OPENAI_API_KEY')
  })
})
