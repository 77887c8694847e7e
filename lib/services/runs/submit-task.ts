import 'server-only'
import { logger } from '../../adapters/log'
import { z } from 'zod'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getDatabase } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { insertRun, titleOf } from './insert-run'
import { reservedUserIdProblem } from '../../core/reflexion/user-key'
import { effectiveAgentModel } from './run-models'
import { consumeRunSubmission } from '../rate-limit/usage-rates'
import { assertWithinQuota, effectiveQuota, startOfUtcDay } from './run-quota'
import { modelFieldErrors } from './model-readiness'
import { runServicesFor } from './run-services'
import type { StoredTask } from './stored-task'
import { taskInputSchema, type TaskInput, type TaskInputDraft } from './task-input'
import { loadTenantSettings } from '../tenants/tenant-settings'
import { tenantRunSettings } from './tenant-run-settings'
import { assertToolsSelectable } from './task-tools'

const log = logger().child({ component: 'runs' })

/**
 * Parses a task draft (an object from a test, a script or the seed) with the task schema, then submits it;
 * an invalid draft is a bad_request with field errors and writes nothing. Callers that already parsed the
 * task (the New task action, the API's body) call submitTask.
 */
export async function submitTaskDraft(caller: Caller, draft: TaskInputDraft | unknown): Promise<{ runId: string }> {
  requirePermission(caller, 'runs.create')
  const parsed = taskInputSchema.safeParse(draft)
  if (!parsed.success) {
    throw new AppError(
      'bad_request',
      'The task is not valid: check the highlighted fields.',
      z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    )
  }
  return submitTask(caller, parsed.data)
}

/**
 * Submits a parsed task for the caller (`runs.create`): enforces the member's daily run quota, creates
 * the run and its seed event (`run.submitted`, index 0, cause seed) in one transaction, enqueues it and
 * returns its id at once.
 */
export async function submitTask(caller: Caller, input: TaskInput): Promise<{ runId: string }> {
  requirePermission(caller, 'runs.create')
  const reserved = reservedUserIdProblem(caller.userId)
  if (reserved) throw new AppError('bad_request', `This account cannot start runs: its user id ${reserved}.`)
  const database = await getDatabase()
  const { prisma } = database
  const [membership, tenantSettings] = await Promise.all([
    prisma.membership.findUnique({
      where: { tenantId_userId: { tenantId: caller.tenantId, userId: caller.userId } },
      select: { runQuota: true },
    }),
    loadTenantSettings(caller),
  ])
  if (!membership) throw notFound()
  await assertToolsSelectable(prisma, caller.tenantId, input.tools)
  const settings = tenantRunSettings(tenantSettings)
  const models = {
    agent: effectiveAgentModel(input.models.agent, settings.defaultModel),
    evaluator: input.models.evaluator || undefined,
    reflector: input.models.reflector || undefined,
  }
  const modelErrors = await modelFieldErrors(prisma, caller.tenantId, {
    'models.agent': models.agent,
    // A role model the run never calls is not checked: the judge of a non-LLM evaluator, the reflector of one attempt.
    ...(input.evaluator.kind === 'llm' && { 'models.evaluator': models.evaluator }),
    ...(input.reflexion.maxAttempts > 1 && { 'models.reflector': models.reflector }),
  })
  if (Object.keys(modelErrors).length > 0)
    throw new AppError('bad_request', 'A model’s provider is not configured: see the model fields.', modelErrors)
  const task: StoredTask = { ...input, models }
  const title = input.title || titleOf(input.prompt)
  const quota = effectiveQuota(membership.runQuota, settings.dailyRunQuota)
  await consumeRunSubmission(caller) // after validation: a refused form does not use up the minute
  const run = await prisma.$transaction(async (tx) => {
    if (quota !== null) {
      await tx.$executeRawUnsafe(
        'SELECT pg_advisory_xact_lock(7009, hashtext($1))',
        `${caller.tenantId}:${caller.userId}`,
      )
      const startedToday = await tx.run.count({
        where: { tenantId: caller.tenantId, userId: caller.userId, createdAt: { gte: startOfUtcDay(new Date()) } },
      })
      assertWithinQuota(startedToday, quota)
    }
    return insertRun(tx, { tenantId: caller.tenantId, userId: caller.userId, task, title })
  })
  try {
    await runServicesFor(database).queue.enqueue({ runId: run.id, tenantId: caller.tenantId })
  } catch (error) {
    // The run is committed; recovery sends its job again, so the member still gets an answer now.
    log.error({ err: error }, `could not enqueue run ${run.id}`)
  }
  return { runId: run.id }
}
