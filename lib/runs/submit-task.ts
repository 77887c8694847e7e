import 'server-only'
import { logger } from '../log'
import { z } from 'zod'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import { getDatabase } from '../db/client'
import type { KnownLoggedEvent } from '../events/event'
import { AppError, notFound } from '../errors'
import { appendInTransaction, type SqlQuery } from './event-writer'
import { effectiveAgentModel, modelDisplayLabel } from './run-models'
import { assertWithinQuota, effectiveQuota, startOfUtcDay } from './run-quota'
import { runServicesFor } from './run-services'
import type { StoredTask } from './stored-task'
import { taskInputSchema, type TaskInputDraft } from './task-input'
import { loadTenantSettings } from '../tenants/tenant-settings'
import { tenantRunSettings } from './tenant-run-settings'

const log = logger().child({ component: 'runs' })

function titleOf(prompt: string): string {
  const line = prompt.split('\n')[0].trim()
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`
}

/**
 * Submits a task for the caller (`runs.create`): validates it, enforces the member's daily run
 * quota, creates the run and its seed event (`run.submitted`, index 0, cause seed) in one
 * transaction, enqueues it and returns its id at once.
 */
export async function submitTask(caller: Caller, draft: TaskInputDraft | unknown): Promise<{ runId: string }> {
  requirePermission(caller, 'runs.create')
  const parsed = taskInputSchema.safeParse(draft)
  if (!parsed.success) {
    throw new AppError(
      'bad_request',
      'The task is not valid: check the highlighted fields.',
      z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    )
  }
  const input = parsed.data
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
  const settings = tenantRunSettings(tenantSettings)
  const models = {
    agent: effectiveAgentModel(input.models.agent, settings.defaultModel),
    evaluator: input.models.evaluator || undefined,
    reflector: input.models.reflector || undefined,
  }
  const task: StoredTask = { ...input, models }
  const title = input.title || titleOf(input.prompt)
  const quota = effectiveQuota(membership.runQuota, settings.dailyRunQuota)
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
    const created = await tx.run.create({
      data: {
        tenantId: caller.tenantId,
        userId: caller.userId,
        title,
        prompt: input.prompt,
        config: JSON.parse(JSON.stringify(task)),
        model: modelDisplayLabel(models.agent),
        maxAttempts: input.reflexion.maxAttempts,
        threshold: input.reflexion.threshold,
        eventCount: 0,
      },
    })
    const seed: KnownLoggedEvent<'run.submitted'> = {
      index: 0,
      type: 'run.submitted',
      kind: 'Command',
      namespace: 'run',
      cause: { kind: 'seed' },
      at: created.createdAt.toISOString(),
      payload: {
        prompt: input.prompt,
        userId: caller.userId,
        title,
        model: created.model,
        evaluator: input.evaluator.kind,
        architecture: input.architecture.kind,
        maxAttempts: input.reflexion.maxAttempts,
        threshold: input.reflexion.threshold,
        lessonMode: input.reflexion.lessonMode,
      },
    }
    // The one way into the log: the same append statement as the worker's (and its NOTIFY), in this transaction.
    await appendInTransaction(tx.$queryRawUnsafe.bind(tx) as SqlQuery, {
      runId: created.id,
      expectedIndex: 0,
      events: [seed],
      columns: null,
    })
    return created
  })
  try {
    await runServicesFor(database).queue.enqueue({ runId: run.id, tenantId: caller.tenantId })
  } catch (error) {
    // The run is committed; recovery sends its job again, so the member still gets an answer now.
    log.error({ err: error }, `could not enqueue run ${run.id}`)
  }
  return { runId: run.id }
}
