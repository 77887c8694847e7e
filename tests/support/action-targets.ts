// Fresh targets for action tests: a lesson, a running run, a shared or retired lesson, a pending
// proposal, a membership or a stored provider key, in the caller's tenant or the other one.
import crypto from 'node:crypto'
import { createApiKey } from '../../lib/services/api-keys/api-keys'
import { getPrisma } from '../../lib/adapters/db/client'
import { encryptSecret } from '../../lib/adapters/models/crypto'
import { secretsKey } from '../../lib/adapters/models/tenant-secrets'
import { defaultEmbedder } from '../../lib/services/lessons/embedders'
import { proposeLesson } from '../../lib/services/lessons/my-lessons'
import { MEMORY_LESSONS_BLOCK } from '../../lib/services/lessons/memory-lessons'
import { PgLessonStore } from '../../lib/services/lessons/pg-lesson-store'
import { PgMemory } from '../../lib/services/lessons/pg-memory'
import { createSharedLesson, retireSharedLesson } from '../../lib/services/lessons/shared-lessons'
import { saveProviderKey } from '../../lib/services/admin/provider-keys'
import { createInvitation } from '../../lib/services/tenants/invitations'
import { addUser, type TestUser } from '../integration/helpers/tenants'
import type { Relation, ResourceKind } from './app-inventory'
import { datasetOf, experimentOf, marker, type IsolationTenant } from './isolation-fixtures'
import { taskInputSchema } from '../../lib/services/runs/task-input'

/** The task key of target runs and testable lessons: "test this lesson" finds the runs by it. */
const TARGET_TASK_KEY = 'matrix-target'

/** A registered server (never checked) with one tool, off. */
async function storedServer(tenantId: string, adminId: string): Promise<{ id: string; toolName: string }> {
  const prisma = await getPrisma()
  const name = `t${crypto.randomBytes(4).toString('hex')}`
  const server = await prisma.mcpServer.create({
    data: { tenantId, name, url: 'http://127.0.0.1:1/mcp', headerNames: [], createdById: adminId },
  })
  const toolName = `${name}__echo`
  await prisma.tenantTool.create({
    data: { tenantId, name: toolName, origin: 'mcp', serverId: server.id, remoteName: 'echo', enabled: false },
  })
  return { id: server.id, toolName }
}

async function storeLesson(owner: TestUser): Promise<string> {
  const store = new PgLessonStore({
    prisma: await getPrisma(),
    tenantId: owner.caller.tenantId,
    embedder: defaultEmbedder(),
  })
  const [id] = await store.add([
    { content: `Target lesson ${marker('target')}`, metadata: { user_id: owner.id, attempt: 1, score: 0.2 } },
  ])
  return id
}

async function runningRun(owner: TestUser): Promise<string> {
  const prisma = await getPrisma()
  const run = await prisma.run.create({
    data: {
      tenantId: owner.caller.tenantId,
      userId: owner.id,
      title: `Target run ${marker('run')}`,
      prompt: 'target',
      // A valid stored task, so "add to dataset" can replay it.
      config: {
        ...taskInputSchema.parse({ prompt: 'target', taskKey: TARGET_TASK_KEY }),
        models: { agent: 'demo:offline' },
      } as never,
      model: 'demo (offline)',
      status: 'running',
      maxAttempts: 2,
      threshold: 0.8,
      eventCount: 0,
      startedAt: new Date(),
    },
  })
  return run.id
}

async function finishedRun(owner: TestUser): Promise<string> {
  const prisma = await getPrisma()
  const run = await prisma.run.create({
    data: {
      tenantId: owner.caller.tenantId,
      userId: owner.id,
      title: `Finished target run ${marker('run')}`,
      prompt: 'target',
      config: {},
      model: 'demo (offline)',
      status: 'failed',
      maxAttempts: 1,
      threshold: 0.8,
      eventCount: 2,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  })
  const events = [
    { index: 0, type: 'run.submitted', kind: 'Command', payload: { prompt: 'target' }, cause: { kind: 'seed' } },
    {
      index: 1,
      type: 'run.finished',
      kind: 'SystemEvent',
      payload: { status: 'failed' },
      cause: { kind: 'framework' },
    },
  ]
  await prisma.runEvent.createMany({
    data: events.map((event) => ({
      ...event,
      tenantId: owner.caller.tenantId,
      runId: run.id,
      namespace: 'run',
      at: new Date(),
    })),
  })
  return run.id
}

/** A fresh target of `kind` for the persona's `relation`: the persona's own, a colleague's, the tenant's, or the other tenant's. */
export async function makeTarget(
  tenants: { own: IsolationTenant; other: IsolationTenant },
  kind: ResourceKind,
  relation: Relation,
  personaUser: TestUser | null,
): Promise<string> {
  const tenant = relation === 'foreign' ? tenants.other : tenants.own
  const owner = relation === 'owner' && personaUser ? personaUser : tenant.users.memberTwo
  switch (kind) {
    case 'ownLesson':
      return storeLesson(owner)
    case 'run':
      return runningRun(owner)
    case 'memoryLesson': {
      const line = `Memory target ${marker('memory')}`
      const memory = new PgMemory({ prisma: await getPrisma(), tenantId: owner.caller.tenantId })
      await memory.appendLine(owner.id, MEMORY_LESSONS_BLOCK, line, 100)
      return line
    }
    case 'finishedRun':
      return finishedRun(owner)
    case 'sharedLesson':
      return (await createSharedLesson(tenant.users.admin.caller, { content: `Shared target ${marker('shared')}` })).id
    case 'retiredLesson': {
      const lesson = await createSharedLesson(tenant.users.admin.caller, {
        content: `Retired target ${marker('retired')}`,
      })
      await retireSharedLesson(tenant.users.admin.caller, lesson.id)
      return lesson.id
    }
    case 'proposal':
      return (await proposeLesson(tenant.users.memberTwo.caller, await storeLesson(tenant.users.memberTwo))).proposalId
    case 'membership':
      return (await addUser(tenant.id, 'member', 'target')).membershipId
    case 'apiKey':
      return (
        await createApiKey(owner.caller, {
          name: `Target key ${marker('key')}`,
          kind: 'personal',
          scopes: ['runs:read'],
        })
      ).key.id
    case 'webhook': {
      // A name that never resolves (.test): a test delivery fails fast, and is still logged.
      const prisma = await getPrisma()
      const endpoint = await prisma.webhookEndpoint.create({
        data: {
          tenantId: tenant.id,
          url: `https://hooks-${marker('hook')}.example.test/in`,
          events: ['run.finished'],
          secretCiphertext: encryptSecret(secretsKey(), 'whsec_target'),
          createdById: tenant.users.admin.id,
        },
      })
      return endpoint.id
    }
    case 'invitation':
      return (await createInvitation(tenant.users.admin.caller, { role: 'member' })).invitationId
    case 'provider':
      await saveProviderKey(tenant.users.admin.caller, {
        provider: 'openai',
        apiKey: `sk-target-${crypto.randomBytes(12).toString('hex')}`,
      })
      return 'openai'
    case 'dataset':
    case 'experiment': {
      const make = kind === 'dataset' ? datasetOf : experimentOf
      const shared = relation === 'tenant' || relation === 'foreign'
      return make(tenant.id, shared ? tenant.users.admin.id : owner.id, shared)
    }
    case 'testableLesson': {
      const lesson = await createSharedLesson(tenant.users.admin.caller, {
        content: `Testable target ${marker('testable')}`,
        taskKey: TARGET_TASK_KEY,
      })
      await runningRun(tenant.users.memberTwo)
      return lesson.id
    }
    case 'mcpServer':
      return (await storedServer(tenant.id, tenant.users.admin.id)).id
    case 'tool':
      return (await storedServer(tenant.id, tenant.users.admin.id)).toolName
    default:
      return ''
  }
}
