import 'server-only'
import type { Caller } from '../auth/caller'
import { getPrisma } from '../../adapters/db/client'
import { getExperiment, type ExperimentSummary } from './experiments'
import { experimentResults, type ExperimentResults, type ExperimentRunRecord } from './results'
import type { DatasetItem } from './schemas'

type RecallRow = { run_id: string; lessons: unknown }

/** The lessons each run had in front of it (any attempt), from its log, de-duplicated by id or text. */
async function recalledByRun(experimentId: string): Promise<Map<string, { id: string; content: string }[]>> {
  const prisma = await getPrisma()
  const rows = await prisma.$queryRawUnsafe<RecallRow[]>(
    `SELECT e.run_id, e.payload->'lessons' AS lessons FROM run_events e JOIN runs r ON r.id = e.run_id
     WHERE r.experiment_id = $1 AND e.tenant_id = r.tenant_id AND e.type = 'reflexion.lessons_recalled' ORDER BY e.run_id, e.index`,
    experimentId,
  )
  const result = new Map<string, { id: string; content: string }[]>()
  for (const row of rows) {
    const list = result.get(row.run_id) ?? []
    for (const lesson of Array.isArray(row.lessons) ? row.lessons : []) {
      const entry = lesson as { id?: unknown; content?: unknown }
      const content = typeof entry.content === 'string' ? entry.content : ''
      const id = typeof entry.id === 'string' ? entry.id : ''
      if (!list.some((known) => (id ? known.id === id : known.content === content))) list.push({ id, content })
    }
    result.set(row.run_id, list)
  }
  return result
}

/** An experiment the caller may see, its items' prompts, and its results so far. */
export async function getExperimentResults(
  caller: Caller,
  experimentId: string,
): Promise<{
  experiment: ExperimentSummary
  items: DatasetItem[]
  results: ExperimentResults
  /** The text and status of every lesson the arms name. */
  lessons: Map<string, { content: string; status: string }>
}> {
  const experiment = await getExperiment(caller, experimentId)
  const prisma = await getPrisma()
  const [version, runs, recalled] = await Promise.all([
    prisma.experiment.findUniqueOrThrow({
      where: { id: experimentId },
      select: { datasetVersion: { select: { items: true } } },
    }),
    prisma.run.findMany({
      where: { tenantId: caller.tenantId, experimentId },
      select: {
        id: true,
        experimentArm: true,
        experimentItem: true,
        experimentRepeat: true,
        status: true,
        interruptionReason: true,
        bestScore: true,
        attemptsUsed: true,
        usage: true,
        costUsd: true,
        startedAt: true,
        finishedAt: true,
        output: true,
      },
    }),
    recalledByRun(experimentId),
  ])
  const records: ExperimentRunRecord[] = runs.map((run) => {
    const total = (run.usage as { total?: { inputTokens?: number; outputTokens?: number } })?.total
    return {
      runId: run.id,
      arm: run.experimentArm ?? 0,
      item: run.experimentItem ?? 0,
      repeat: run.experimentRepeat ?? 0,
      status: run.status,
      interruptionReason: run.interruptionReason,
      bestScore: run.bestScore,
      attemptsUsed: run.attemptsUsed,
      tokens: (total?.inputTokens ?? 0) + (total?.outputTokens ?? 0),
      costUsd: run.costUsd,
      durationMs: run.startedAt && run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
      output: run.output,
      recalled: recalled.get(run.id) ?? [],
    }
  })
  const items = version.datasetVersion.items as DatasetItem[]
  const named = await prisma.lesson.findMany({
    where: { tenantId: caller.tenantId, id: { in: experiment.arms.flatMap((arm) => arm.lessonIds) } },
    select: { id: true, content: true, status: true },
  })
  return {
    experiment,
    items,
    results: experimentResults(experiment.arms, items.length, records),
    lessons: new Map(named.map((lesson) => [lesson.id, { content: lesson.content, status: lesson.status }])),
  }
}
