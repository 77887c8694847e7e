import type { ToolSet } from 'ai'
import type { Db } from '../db/client'
import { aiSdkEmbedder, defaultEmbedder } from '../lessons/embedders'
import { PgLessonStore } from '../lessons/pg-lesson-store'
import { PgMemory } from '../lessons/pg-memory'
import type { RetryOptions } from '../models/retry'
import type { SecretsBackend } from '../models/secrets'
import { Agent } from '../reflexion/agent'
import type { Embedder } from '../reflexion/embedder'
import { ReAct } from '../reflexion/react'
import { Reflexion } from '../reflexion/reflexion'
import { Supervisor } from '../reflexion/supervisor'
import { resolveRunModel } from './run-models'
import type { StoredTask } from './stored-task'

/** The instructions every run's agent starts from. */
export const RUN_INSTRUCTIONS =
  'You are a careful assistant. Complete the task exactly as asked; apply every lesson you are given.'

/** What building a run's agent needs besides the task. */
export type RunAgentContext = {
  prisma: Db
  tenantId: string
  runId: string
  secrets: SecretsBackend
  retry?: RetryOptions | false
  demoLatencyMs?: number
  embedder?: Embedder
  /** The tools this run may call (already filtered to the tenant's enabled tools the task chose). */
  tools?: ToolSet
}

/** The lesson embedder of a tenant: the HashEmbedder, or an AI SDK embedding model when one is configured. */
export { aiSdkEmbedder, defaultEmbedder }

/** Builds the engine for one run from its stored task: Reflexion over ReAct or a Supervisor, Postgres lessons and memory. */
export async function buildRunAgent(
  task: StoredTask,
  context: RunAgentContext,
): Promise<{ agent: Agent; lessonStore: PgLessonStore | null }> {
  const options = { demoLatencyMs: context.demoLatencyMs }
  const model = await resolveRunModel(task.models.agent, context.secrets, options)
  const role = async (spec: string | undefined) => (spec ? resolveRunModel(spec, context.secrets, options) : undefined)
  const base =
    task.architecture.kind === 'supervisor'
      ? new Supervisor({
          workers: Object.fromEntries(
            task.architecture.workers.map((worker) => [
              worker.name,
              new Agent({
                instructions: worker.instructions,
                model,
                tools: context.tools,
                maxTurns: task.maxTurns,
                retry: context.retry,
              }),
            ]),
          ),
          maxTurns: task.maxTurns,
        })
      : new ReAct({ maxTurns: task.maxTurns })
  const lessonStore =
    task.reflexion.lessonMode === 'selective'
      ? new PgLessonStore({
          prisma: context.prisma,
          tenantId: context.tenantId,
          embedder: context.embedder ?? defaultEmbedder(),
          runId: context.runId,
          scope: { taskKey: task.taskKey ?? null, tags: task.tags ?? [] },
        })
      : null
  const architecture = new Reflexion({
    base,
    maxAttempts: task.reflexion.maxAttempts,
    threshold: task.reflexion.threshold,
    topKLessons: task.reflexion.topKLessons,
    maxLessons: task.reflexion.maxLessons,
    evaluator: task.evaluator,
    lessonStore: lessonStore ?? undefined,
    evaluatorModel: await role(task.models.evaluator),
    reflectorModel: await role(task.models.reflector),
  })
  const agent = new Agent({
    instructions: RUN_INSTRUCTIONS,
    model,
    architecture,
    tools: context.tools,
    memory: new PgMemory({ prisma: context.prisma, tenantId: context.tenantId }),
    maxTurns: task.maxTurns,
    secrets: context.secrets,
    retry: context.retry,
  })
  return { agent, lessonStore }
}
