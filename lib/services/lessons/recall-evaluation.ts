import 'server-only'
import { z } from 'zod'
import { openScratchDatabase } from '../../adapters/db/scratch'
import type { Embedder } from '../../core/reflexion/embedder'
import { recallForUser } from '../../core/reflexion/lesson-modes'
import { PgLessonStore } from './pg-lesson-store'

/** The recall-eval input: lessons (user "*" = shared), the tasks to recall for, and k. */
export const recallEvalInput = z.object({
  lessons: z
    .array(z.object({ id: z.string().min(1), content: z.string().min(1), user: z.string() }))
    .refine(
      (lessons) => new Set(lessons.map((lesson) => lesson.id)).size === lessons.length,
      'Lesson ids must be unique.',
    ),
  queries: z.array(z.object({ user: z.string(), prompt: z.string() }).loose()),
  k: z.number().int().min(1).max(100).default(5),
})

/** The recall-eval input, parsed. */
export type RecallEvalInput = z.infer<typeof recallEvalInput>

/** One query's recalled lesson ids, best first (the input's own ids). */
export type RecallEvalLine = { query: number; ids: string[] }

/**
 * Recall through the product's own path — PgLessonStore (put, embedder, candidate query, ranking,
 * floor) and the engine's per-user recall — on a throwaway in-memory PGlite, never the app's data.
 */
export async function evaluateRecall(
  input: RecallEvalInput,
  options: { embedder: Embedder; floor?: number },
): Promise<RecallEvalLine[]> {
  const database = await openScratchDatabase()
  try {
    const { prisma } = database
    const tenant = await prisma.tenant.create({ data: { name: 'recall-eval', slug: 'recall-eval' } })
    const store = new PgLessonStore({ prisma, tenantId: tenant.id, embedder: options.embedder, floor: options.floor })
    await options.embedder.embed(input.lessons.map((lesson) => lesson.content)) // warms caches in one batch
    const inputIds = new Map<string, string[]>()
    for (const lesson of input.lessons) {
      const { id } = await store.put({ content: lesson.content, metadata: { user_id: lesson.user } })
      inputIds.set(id, [...(inputIds.get(id) ?? []), lesson.id])
    }
    const lines: RecallEvalLine[] = []
    for (const [position, query] of input.queries.entries()) {
      const hits = await recallForUser(store, query.prompt, query.user, input.k)
      lines.push({ query: position, ids: hits.map((hit) => inputIds.get(hit.id)?.[0] ?? hit.id) })
    }
    return lines
  } finally {
    await database.close()
  }
}
