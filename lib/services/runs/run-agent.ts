import 'server-only'
import type { ToolSet } from 'ai'
import type { Db } from '../../adapters/db/client'
import { aiSdkEmbedder, defaultEmbedder } from '../lessons/embedders'
import { PgLessonStore } from '../lessons/pg-lesson-store'
import { tenantLessonStore } from '../lessons/tenant-lessons'
import { PgMemory } from '../lessons/pg-memory'
import type { RetryOptions } from '../../core/reflexion/retry'
import type { ToolPolicy } from '../../core/reflexion/tool-policy'
import { configuredSecrets } from '../../adapters/models/engine-models'
import { envSecrets, type SecretsBackend } from '../../adapters/models/secrets'
import { Agent } from '../../core/reflexion/agent'
import type { Embedder } from '../../core/reflexion/embedder'
import { ReAct } from '../../core/reflexion/react'
import { Reflexion } from '../../core/reflexion/reflexion'
import { Supervisor } from '../../core/reflexion/supervisor'
import { resolveRunModel } from './run-models'
import type { StoredTask } from './stored-task'
import { normaliseLabel, normaliseTags } from '../../core/reflexion/lesson-labels'

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
  /** How the engine treats those tools; `withheld` names the chosen tools the run may no longer call, and why. */
  toolPolicy?: Partial<ToolPolicy>
}

/** The offline default lesson embedder, or an AI SDK embedding model (tests pass one in the context). */
export { aiSdkEmbedder, defaultEmbedder }

/** Every credential a run could meet (the tenant's keys, the environment's): masked out of its log on every path. */
export function runSecrets(context: Pick<RunAgentContext, 'secrets'>): Promise<string[]> {
  return configuredSecrets([context.secrets, envSecrets()])
}

/**
 * Builds the engine for one run from its stored task: Reflexion over ReAct or a Supervisor,
 * Postgres lessons and memory. Model strings are resolved here, not in the engine, and only for
 * the roles the task uses (an exact-match evaluator never needs its judge model); the engine gets
 * ready models and every configured secret to mask.
 */
export async function buildRunAgent(
  task: StoredTask,
  context: RunAgentContext,
  secrets: readonly string[],
): Promise<{ agent: Agent; lessonStore: PgLessonStore | null }> {
  const options = { demoLatencyMs: context.demoLatencyMs }
  const model = await resolveRunModel(task.models.agent, context.secrets, options)
  const role = async (spec: string | undefined, used: boolean) =>
    spec && used ? resolveRunModel(spec, context.secrets, options) : undefined
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
                toolPolicy: context.toolPolicy,
                maxTurns: task.maxTurns,
                retry: context.retry,
                secrets,
              }),
            ]),
          ),
          maxTurns: task.maxTurns,
        })
      : new ReAct({ maxTurns: task.maxTurns })
  const scope = {
    taskKey: normaliseLabel(task.taskKey ?? '') || null,
    tags: normaliseTags(task.tags),
    allowedLessonIds: task.recall?.allowedLessonIds ?? null,
  }
  const lessonStore =
    task.reflexion.lessonMode !== 'selective'
      ? null
      : context.embedder
        ? new PgLessonStore({
            prisma: context.prisma,
            tenantId: context.tenantId,
            embedder: context.embedder,
            runId: context.runId,
            scope,
          })
        : await tenantLessonStore(context.prisma, context.tenantId, {
            secrets: context.secrets,
            runId: context.runId,
            scope,
          })
  const architecture = new Reflexion({
    base,
    maxAttempts: task.reflexion.maxAttempts,
    threshold: task.reflexion.threshold,
    topKLessons: task.reflexion.topKLessons,
    maxLessons: task.reflexion.maxLessons,
    lessonAfterFinalFailure: task.reflexion.lessonAfterFinalFailure ?? false,
    evaluator: task.evaluator,
    lessonStore: lessonStore ?? undefined,
    evaluatorModel: await role(task.models.evaluator, task.evaluator.kind === 'llm'),
    reflectorModel: await role(task.models.reflector, task.reflexion.maxAttempts > 1),
  })
  const agent = new Agent({
    instructions: RUN_INSTRUCTIONS,
    model,
    architecture,
    tools: context.tools,
    toolPolicy: context.toolPolicy,
    memory: new PgMemory({ prisma: context.prisma, tenantId: context.tenantId }),
    maxTurns: task.maxTurns,
    secrets,
    retry: context.retry,
  })
  return { agent, lessonStore }
}
