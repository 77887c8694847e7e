import 'server-only'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { getPrisma } from '../../adapters/db/client'
import { SHARED_LESSON } from '../../core/reflexion/lesson-modes'

/** How many lessons the home page mentions; null where the caller's role may not see that number. */
export type LessonCounts = { own: number | null; shared: number | null; pendingProposals: number | null }

/**
 * The caller's active lessons, the tenant's active shared lessons and its pending proposals, counted
 * in the caller's tenant only; each number is asked for only when the caller's role may read it.
 */
export async function countLessonsForCaller(caller: Caller): Promise<LessonCounts> {
  const prisma = await getPrisma()
  const [own, shared, pendingProposals] = await Promise.all([
    can(caller.role, 'lessons.manageOwn')
      ? prisma.lesson.count({ where: { tenantId: caller.tenantId, userKey: caller.userId, status: 'active' } })
      : null,
    can(caller.role, 'lessons.readShared')
      ? prisma.lesson.count({ where: { tenantId: caller.tenantId, userKey: SHARED_LESSON, status: 'active' } })
      : null,
    can(caller.role, 'lessons.curateShared')
      ? prisma.lessonProposal.count({ where: { tenantId: caller.tenantId, status: 'pending' } })
      : null,
  ])
  return { own, shared, pendingProposals }
}
