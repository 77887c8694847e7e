import 'server-only'
import type { Database } from '../../adapters/db/client'
import type { Prisma } from '../../generated/prisma/client'
import { insertRun, titleOf } from '../runs/insert-run'
import { effectiveAgentModel } from '../runs/run-models'
import { effectiveQuota, startOfUtcDay } from '../runs/run-quota'
import { runServicesFor } from '../runs/run-services'
import type { StoredTask } from '../runs/stored-task'
import { tenantRunSettings } from '../runs/tenant-run-settings'
import { armsOf, type Arm, type DatasetItem } from './schemas'

/** One cell of an experiment: an arm, a dataset item (0-based) and a repeat (0-based). */
export type ExperimentCell = { arm: number; item: number; repeat: number }

/**
 * Every cell in scheduling order: repeat by repeat, item by item, the arms of an item together, so
 * a partial (cancelled, or still running) experiment holds complete pairs as early as possible.
 */
export function cellsInOrder(items: number, arms: number, repeats: number): ExperimentCell[] {
  const cells: ExperimentCell[] = []
  for (let repeat = 0; repeat < repeats; repeat++)
    for (let item = 0; item < items; item++) for (let arm = 0; arm < arms; arm++) cells.push({ arm, item, repeat })
  return cells
}

/** The task a cell runs: the dataset item with what its arm fixes (model, lesson mode, Reflexion settings, allowed lessons). */
export function armTask(item: DatasetItem, arm: Arm, tenantDefaultModel: string | undefined): StoredTask {
  return {
    ...item,
    reflexion: {
      ...item.reflexion,
      ...(arm.lessonMode && { lessonMode: arm.lessonMode }),
      ...(arm.maxAttempts !== undefined && { maxAttempts: arm.maxAttempts }),
      ...(arm.threshold !== undefined && { threshold: arm.threshold }),
      ...(arm.topKLessons !== undefined && { topKLessons: arm.topKLessons }),
    },
    models: {
      agent: effectiveAgentModel(arm.model || item.models.agent, tenantDefaultModel),
      evaluator: item.models.evaluator || undefined,
      reflector: item.models.reflector || undefined,
    },
    recall: { allowedLessonIds: arm.lessonIds },
  }
}

/** Runs of one experiment queued or running at once: the tenant's limit less one, so members' own runs still start. */
export function experimentWindow(tenantConcurrency: number): number {
  return Math.max(1, tenantConcurrency - 1)
}

const UNFINISHED = ['queued', 'running'] as const

/** What one scheduling step did. */
export type AdvanceOutcome = { created: number; finished: boolean; waiting: string | null }

/**
 * One scheduling step of a running experiment, serialised per experiment: creates the next runs of
 * its missing cells until `window` are queued or running (within the owner's daily quota: a full quota
 * pauses it with a reason, and a later step resumes), marks it finished when every cell has a finished
 * run, and enqueues what it created. Its state is the runs themselves, so any process can resume it.
 */
export async function advanceExperiment(
  database: Database,
  experimentId: string,
  options: { window: number },
): Promise<AdvanceOutcome> {
  const { prisma } = database
  const result = await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(7010, hashtext($1))', experimentId)
    const experiment = await tx.experiment.findUnique({
      where: { id: experimentId },
      include: { datasetVersion: { select: { items: true } }, tenant: { select: { settings: true } } },
    })
    if (!experiment || experiment.status !== 'running') return { created: [], finished: false, waiting: null }
    const items = experiment.datasetVersion.items as DatasetItem[]
    const arms = armsOf(experiment.arms)
    const existing = await tx.run.findMany({
      where: { experimentId },
      select: { experimentArm: true, experimentItem: true, experimentRepeat: true, status: true },
    })
    const taken = new Set(existing.map((run) => `${run.experimentArm}:${run.experimentItem}:${run.experimentRepeat}`))
    const missing = cellsInOrder(items.length, arms.length, experiment.repeats).filter(
      (cell) => !taken.has(`${cell.arm}:${cell.item}:${cell.repeat}`),
    )
    const unfinished = existing.filter((run) => (UNFINISHED as readonly string[]).includes(run.status)).length
    if (missing.length === 0) {
      if (unfinished === 0) {
        await tx.experiment.update({
          where: { id: experimentId },
          data: { status: 'finished', finishedAt: new Date(), waitingReason: null },
        })
        return { created: [], finished: true, waiting: null }
      }
      return { created: [], finished: false, waiting: null }
    }
    let room = Math.max(0, options.window - unfinished)
    const settings = tenantRunSettings(experiment.tenant.settings)
    const membership = await tx.membership.findUnique({
      where: { tenantId_userId: { tenantId: experiment.tenantId, userId: experiment.ownerId } },
      select: { runQuota: true },
    })
    let waiting: string | null = null
    if (!membership) {
      waiting = 'The person who started this experiment is no longer a member; cancel it or start it again.'
      room = 0
    } else {
      const quota = effectiveQuota(membership.runQuota, settings.dailyRunQuota)
      if (quota !== null && room > 0) {
        await tx.$executeRawUnsafe(
          'SELECT pg_advisory_xact_lock(7009, hashtext($1))',
          `${experiment.tenantId}:${experiment.ownerId}`,
        )
        const startedToday = await tx.run.count({
          where: {
            tenantId: experiment.tenantId,
            userId: experiment.ownerId,
            createdAt: { gte: startOfUtcDay(new Date()) },
          },
        })
        const left = Math.max(0, quota - startedToday)
        if (left < room) {
          room = left
          if (left === 0)
            waiting = `Waiting: the daily run quota of ${quota} is used up; the experiment continues after midnight UTC or when an admin raises the quota.`
        }
      }
    }
    const created: { id: string }[] = []
    for (const cell of missing.slice(0, room)) {
      const item = items[cell.item]
      const task = armTask(item, arms[cell.arm], settings.defaultModel)
      const title = `${item.title || titleOf(item.prompt)} · ${arms[cell.arm].label}`
      created.push(
        await insertRun(tx as Prisma.TransactionClient, {
          tenantId: experiment.tenantId,
          userId: experiment.ownerId,
          task,
          title,
          experiment: { id: experimentId, ...cell },
        }),
      )
    }
    if (waiting !== experiment.waitingReason)
      await tx.experiment.update({ where: { id: experimentId }, data: { waitingReason: waiting } })
    return { created, finished: false, waiting, tenantId: experiment.tenantId }
  })
  const tenantId = ('tenantId' in result && result.tenantId) || ''
  const queue = runServicesFor(database).queue
  for (const run of result.created) {
    try {
      await queue.enqueue({ runId: run.id, tenantId })
    } catch (error) {
      // Committed: run recovery sends the job again.
      console.error(`[experiments] could not enqueue run ${run.id}`, (error as Error).message)
    }
  }
  return { created: result.created.length, finished: result.finished, waiting: result.waiting }
}

/** Advances the experiment a finished run belongs to, if any (called by the worker after each job). */
export async function advanceAfterRun(database: Database, runId: string, options: { window: number }): Promise<void> {
  const run = await database.prisma.run.findUnique({ where: { id: runId }, select: { experimentId: true } })
  if (run?.experimentId) await advanceExperiment(database, run.experimentId, options)
}

/** Advances every running experiment (at worker start and periodically): how an experiment resumes after a restart. */
export async function advanceRunningExperiments(database: Database, options: { window: number }): Promise<number> {
  const running = await database.prisma.experiment.findMany({
    where: { status: 'running' },
    select: { id: true },
    take: 200,
  })
  for (const experiment of running) await advanceExperiment(database, experiment.id, options)
  return running.length
}
