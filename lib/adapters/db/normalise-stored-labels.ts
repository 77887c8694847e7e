import 'server-only'
import type { Prisma } from '../../generated/prisma/client'
import { normaliseLabel, normaliseTags } from '../../core/reflexion/lesson-labels'

/** How many lessons one page of the migration reads. */
const PAGE = 500

type LabelRow = { id: string; tags: string[]; task_key: string | null }

const sameTags = (left: readonly string[], right: readonly string[]) =>
  left.length === right.length && left.every((tag, index) => tag === right[index])

/**
 * Rewrites every stored lesson's tags and task key with the normaliser the forms and recall use
 * (lesson-labels), so a tag stored before it (`#travel planning`, `Travel Planning`) matches what
 * the task form writes (`travel-planning`). SQL cannot express the rule exactly (NFKC, Unicode case
 * and white space), so it runs here, page by page; rows already normal are left as they are (and
 * their `updated_at` too). Returns how many lessons changed.
 */
export async function normaliseStoredLessonLabels(db: Prisma.TransactionClient): Promise<number> {
  let changed = 0
  let after = ''
  for (;;) {
    const rows = await db.$queryRaw<LabelRow[]>`
      SELECT id, tags, task_key FROM lessons
      WHERE id > ${after} AND (task_key IS NOT NULL OR cardinality(tags) > 0)
      ORDER BY id LIMIT ${PAGE}`
    for (const row of rows) {
      const tags = normaliseTags(row.tags)
      const taskKey = row.task_key === null ? null : normaliseLabel(row.task_key) || null
      if (sameTags(tags, row.tags) && taskKey === row.task_key) continue
      await db.$executeRaw`UPDATE lessons SET tags = ${tags}::text[], task_key = ${taskKey} WHERE id = ${row.id}`
      changed += 1
    }
    if (rows.length < PAGE) return changed
    after = rows[rows.length - 1].id
  }
}
