import type { LessonDb } from './pg-lesson-store'
import type { Embedder } from '../reflexion/embedder'
import { embeddingStorage, vectorLiteral } from './vector-support'

/** A lesson as the pages show it. */
export type LessonView = {
  id: string
  userKey: string
  shared: boolean
  content: string
  status: 'active' | 'retired'
  tags: string[]
  taskKey: string | null
  expiresAt: Date | null
  sourceRunId: string | null
  sourceAttempt: number | null
  sourceScore: number | null
  /** Provenance kept as text once the source run was deleted by retention. */
  sourceNote: string | null
  timesRecalled: number
  createdAt: Date
  updatedAt: Date
}

/** The columns a LessonView reads (never the embedding). */
export const lessonSelect = {
  id: true,
  userKey: true,
  content: true,
  status: true,
  tags: true,
  taskKey: true,
  expiresAt: true,
  sourceRunId: true,
  sourceAttempt: true,
  sourceScore: true,
  sourceNote: true,
  timesRecalled: true,
  createdAt: true,
  updatedAt: true,
} as const

/** Maps a selected row to the view. */
export function toLessonView(row: Omit<LessonView, 'shared'>): LessonView {
  return { ...row, shared: row.userKey === '*' }
}

/** Re-embeds a lesson after its text changed, with the embedder recorded next to the vector. */
export async function writeEmbedding(
  prisma: LessonDb,
  lessonId: string,
  content: string,
  embedder: Embedder,
): Promise<void> {
  const storage = await embeddingStorage(prisma)
  const [vector] = await embedder.embed([content])
  await prisma.$executeRawUnsafe(
    `UPDATE lessons SET embedding = $1::${storage === 'vector' ? 'vector' : 'real[]'}, embedder = $2 WHERE id = $3`,
    vectorLiteral(storage, vector),
    embedder.id,
    lessonId,
  )
}

/** A case-insensitive content filter, when `q` is given. */
export function contentFilter(q: string | undefined) {
  // PostgreSQL refuses NUL characters in a query (a 500 for /lessons?q=%00): they match nothing, so drop them.
  const text = q?.replaceAll('\u0000', '').trim()
  return text ? { content: { contains: text, mode: 'insensitive' as const } } : {}
}
