import 'server-only'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { getExperimentResults } from './experiment-results'
import type { Verdict } from './statistics'

/** The newest experimental verdict on one lesson, and where it comes from. */
export type LessonVerdict = {
  lessonId: string
  verdict: Verdict
  experimentId: string
  experimentName: string
  at: Date
}

/** How many of the newest ended experiments are read for verdicts. */
const EXPERIMENTS_READ = 20

/**
 * The newest verdict per shared lesson from the tenant's ended experiments (organisation datasets):
 * an arm that adds exactly one lesson to the baseline judges that lesson. Empty for callers who do not
 * curate the organisation's experiments.
 */
export async function lessonVerdicts(caller: Caller): Promise<Map<string, LessonVerdict>> {
  const verdicts = new Map<string, LessonVerdict>()
  if (!can(caller.role, 'experiments.manageTenant')) return verdicts
  const prisma = await getPrisma()
  const ended = await prisma.experiment.findMany({
    where: { tenantId: caller.tenantId, status: { in: ['finished', 'cancelled'] }, dataset: { shared: true } },
    orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }],
    take: EXPERIMENTS_READ,
    select: { id: true, name: true, finishedAt: true, createdAt: true },
  })
  for (const experiment of ended) {
    const { results } = await getExperimentResults(caller, experiment.id)
    for (const comparison of results.comparisons) {
      if (comparison.lessonIds.length !== 1 || comparison.verdict.pairs === 0) continue
      const [lessonId] = comparison.lessonIds
      if (verdicts.has(lessonId)) continue
      verdicts.set(lessonId, {
        lessonId,
        verdict: comparison.verdict,
        experimentId: experiment.id,
        experimentName: experiment.name,
        at: experiment.finishedAt ?? experiment.createdAt,
      })
    }
  }
  return verdicts
}
