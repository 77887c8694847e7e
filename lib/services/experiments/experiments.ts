import 'server-only'
import { z } from 'zod'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { getDatabase, getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { env } from '../../env'
import { SHARED_LESSON } from '../../core/reflexion/lesson-modes'
import { mayOwnDataset, visibleDatasets, visibleExperiments } from './access'
import { advanceExperiment, experimentWindow } from './scheduler'
import { armsOf, createExperimentSchema, type Arm, type CreateExperimentInput } from './schemas'

/** An experiment's progress: cells, runs by state, and whether it is waiting (a quota). */
export type ExperimentProgress = {
  total: number
  queued: number
  running: number
  finished: number
  cancelled: number
}

/** An experiment as lists and its page show it. */
export type ExperimentSummary = {
  id: string
  name: string
  status: string
  waitingReason: string | null
  datasetId: string
  datasetName: string
  datasetVersion: number
  itemCount: number
  arms: Arm[]
  repeats: number
  shared: boolean
  createdAt: Date
  finishedAt: Date | null
  progress: ExperimentProgress
}

/** The lessons an arm may name: active lessons of the tenant that are shared or the caller's own. */
async function checkArmLessons(caller: Caller, arms: Arm[]): Promise<void> {
  const ids = [...new Set(arms.flatMap((arm) => arm.lessonIds))]
  if (ids.length === 0) return
  const prisma = await getPrisma()
  const found = await prisma.lesson.findMany({
    where: {
      tenantId: caller.tenantId,
      id: { in: ids },
      status: 'active',
      userKey: { in: [SHARED_LESSON, caller.userId] },
    },
    select: { id: true },
  })
  const known = new Set(found.map((lesson) => lesson.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length > 0)
    throw new AppError('bad_request', 'An arm names a lesson that is not an active lesson you may use.', {
      arms: [`unknown or retired lesson: ${unknown.join(', ')}`],
    })
}

/** The ids of the tenant's active shared lessons (at most 200, newest first). */
export async function activeSharedLessonIds(caller: Caller): Promise<string[]> {
  const prisma = await getPrisma()
  const rows = await prisma.lesson.findMany({
    where: { tenantId: caller.tenantId, userKey: SHARED_LESSON, status: 'active' },
    orderBy: { createdAt: 'desc' },
    take: 200,
    select: { id: true },
  })
  return rows.map((row) => row.id)
}

/**
 * Records a running experiment on the newest version of a dataset the caller may use (the version,
 * arms and repeats) without scheduling it: the next scheduling step, here or in any worker, starts
 * its runs. Tenant experiments are audited.
 */
export async function createExperiment(
  caller: Caller,
  input: CreateExperimentInput,
): Promise<{ experimentId: string }> {
  const parsed = createExperimentSchema.safeParse(input)
  if (!parsed.success)
    throw new AppError(
      'bad_request',
      'The experiment is not valid: check the highlighted fields.',
      z.flattenError(parsed.error).fieldErrors as Record<string, string[]>,
    )
  const { datasetId, name, arms, repeats } = parsed.data
  const prisma = await getPrisma()
  const dataset = await prisma.dataset.findFirst({
    where: { AND: [visibleDatasets(caller), { id: datasetId }] },
    include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { id: true, itemCount: true } } },
  })
  if (!dataset || !mayOwnDataset(caller, dataset.shared)) throw notFound()
  const version = dataset.versions[0]
  if (!version || version.itemCount === 0) throw new AppError('bad_request', 'The dataset has no items yet.')
  await checkArmLessons(caller, arms)
  const experiment = await prisma.$transaction(async (tx) => {
    const created = await tx.experiment.create({
      data: {
        tenantId: caller.tenantId,
        ownerId: caller.userId,
        datasetId,
        datasetVersionId: version.id,
        name,
        arms: JSON.parse(JSON.stringify(arms)),
        repeats,
      },
    })
    if (dataset.shared)
      await writeAudit(
        tx,
        caller,
        'experiment.started',
        { type: 'experiment', id: created.id },
        { name, dataset: datasetId, arms: arms.map((arm) => arm.label), repeats },
      )
    return created
  })
  return { experimentId: experiment.id }
}

/**
 * Starts an experiment: records it (createExperiment), schedules its first runs (through the same
 * queue, limits and quota as any run) and returns its id.
 */
export async function startExperiment(caller: Caller, input: CreateExperimentInput): Promise<{ experimentId: string }> {
  const { experimentId } = await createExperiment(caller, input)
  await advanceExperiment(await getDatabase(), experimentId, { window: experimentWindow(env.TENANT_CONCURRENCY) })
  return { experimentId }
}

/**
 * Cancels a running experiment: no new runs, and its queued and running runs are asked to stop (a
 * worker ends them as cancelled). Finished runs keep their results. Tenant experiments are audited.
 */
export async function cancelExperiment(caller: Caller, experimentId: string): Promise<{ cancelled: boolean }> {
  const prisma = await getPrisma()
  const experiment = await prisma.experiment.findFirst({
    where: { AND: [visibleExperiments(caller), { id: experimentId }] },
    include: { dataset: { select: { shared: true } } },
  })
  if (!experiment) throw notFound()
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(7010, hashtext($1))', experimentId)
    const changed = await tx.experiment.updateMany({
      where: { id: experimentId, status: 'running' },
      data: { status: 'cancelled', finishedAt: new Date(), waitingReason: null },
    })
    if (changed.count === 0) return { cancelled: false }
    await tx.run.updateMany({
      where: { experimentId, status: { in: ['queued', 'running'] }, cancelRequestedAt: null },
      data: { cancelRequestedAt: new Date() },
    })
    if (experiment.dataset.shared)
      await writeAudit(tx, caller, 'experiment.cancelled', { type: 'experiment', id: experimentId }, {})
    return { cancelled: true }
  })
}

type ProgressRow = { experiment_id: string; status: string; count: number }

async function progressOf(experimentIds: string[]): Promise<Map<string, Omit<ExperimentProgress, 'total'>>> {
  const prisma = await getPrisma()
  if (experimentIds.length === 0) return new Map()
  const rows = await prisma.$queryRawUnsafe<ProgressRow[]>(
    `SELECT experiment_id, status::text AS status, count(*)::int AS count FROM runs
     WHERE experiment_id = ANY($1::text[]) GROUP BY experiment_id, status`,
    experimentIds,
  )
  const result = new Map<string, Omit<ExperimentProgress, 'total'>>()
  for (const id of experimentIds) result.set(id, { queued: 0, running: 0, finished: 0, cancelled: 0 })
  for (const row of rows) {
    const entry = result.get(row.experiment_id)!
    if (row.status === 'queued') entry.queued += row.count
    else if (row.status === 'running') entry.running += row.count
    else if (row.status === 'cancelled') entry.cancelled += row.count
    else entry.finished += row.count
  }
  return result
}

const summaryInclude = {
  dataset: { select: { name: true, shared: true } },
  datasetVersion: { select: { version: true, itemCount: true } },
} as const

function toSummary(
  row: {
    id: string
    name: string
    status: string
    waitingReason: string | null
    datasetId: string
    arms: unknown
    repeats: number
    createdAt: Date
    finishedAt: Date | null
    dataset: { name: string; shared: boolean }
    datasetVersion: { version: number; itemCount: number }
  },
  progress: Omit<ExperimentProgress, 'total'> | undefined,
): ExperimentSummary {
  const arms = armsOf(row.arms)
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    waitingReason: row.waitingReason,
    datasetId: row.datasetId,
    datasetName: row.dataset.name,
    datasetVersion: row.datasetVersion.version,
    itemCount: row.datasetVersion.itemCount,
    arms,
    repeats: row.repeats,
    shared: row.dataset.shared,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    progress: {
      total: row.datasetVersion.itemCount * arms.length * row.repeats,
      ...(progress ?? { queued: 0, running: 0, finished: 0, cancelled: 0 }),
    },
  }
}

/** The experiments the caller may see, newest first; `datasetId` narrows to one dataset. */
export async function listExperiments(
  caller: Caller,
  options: { datasetId?: string } = {},
): Promise<ExperimentSummary[]> {
  if (!can(caller.role, 'experiments.manageOwn') && !can(caller.role, 'experiments.manageTenant')) return []
  const prisma = await getPrisma()
  const rows = await prisma.experiment.findMany({
    where: { AND: [visibleExperiments(caller), options.datasetId ? { datasetId: options.datasetId } : {}] },
    include: summaryInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 100,
  })
  const progress = await progressOf(rows.map((row) => row.id))
  return rows.map((row) => toSummary(row, progress.get(row.id)))
}

/** One experiment the caller may see (else notFound()), with its progress. */
export async function getExperiment(caller: Caller, experimentId: string): Promise<ExperimentSummary> {
  const prisma = await getPrisma()
  const row = await prisma.experiment.findFirst({
    where: { AND: [visibleExperiments(caller), { id: experimentId }] },
    include: summaryInclude,
  })
  if (!row) throw notFound()
  return toSummary(row, (await progressOf([row.id])).get(row.id))
}
