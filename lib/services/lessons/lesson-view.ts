import 'server-only'
import type { LessonDb } from './pg-lesson-store'
import type { Db } from '../../adapters/db/client'
import { tenantSecrets } from '../../adapters/models/tenant-secrets'
import { tenantLessonStore } from './tenant-lessons'
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

/** Re-embeds an edited lesson with its tenant's active embedding model (the offline one if the provider fails). */
export async function writeEmbedding(
  prisma: LessonDb,
  tenantId: string,
  lessonId: string,
  content: string,
): Promise<void> {
  const storage = await embeddingStorage(prisma)
  const store = await tenantLessonStore(prisma, tenantId, { secrets: tenantSecrets(prisma as Db, tenantId) })
  const { embedder, vector } = await store.embedForWrite(content)
  await prisma.$executeRawUnsafe(
    `UPDATE lessons SET embedding = $1::${storage === 'vector' ? 'vector' : 'real[]'}, embedder = $2, dimensions = $3 WHERE id = $4 AND tenant_id = $5`,
    vectorLiteral(storage, vector),
    embedder.id,
    vector.length,
    lessonId,
    tenantId,
  )
}

/** A case-insensitive content filter, when `q` is given. */
export function contentFilter(q: string | undefined) {
  // PostgreSQL refuses NUL characters in a query (a 500 for /lessons?q=%00): they match nothing, so drop them.
  const text = q?.replaceAll('\u0000', '').trim()
  return text ? { content: { contains: text, mode: 'insensitive' as const } } : {}
}
