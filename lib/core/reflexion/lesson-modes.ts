import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { AttemptSession } from './architecture'
import { blockLines, normaliseLesson } from './lesson-text'
import type { BlockAppend, Memory } from './memory'
import { bound } from './prompts'
import type { RunContext } from './run-context'
import { matchesFilter, type Chunk, type ScoredChunk, type StoredLesson, type VectorStore } from './vector-store'

/** The user_id tag of lessons every user may recall. */
export const SHARED_LESSON = '*'

/** Where lessons live: a monotonic block in the user's memory, or a vector store (selective recall). */
export type LessonMode =
  | { mode: 'monotonic'; memory: Memory; blockName: string; maxLessons: number }
  | { mode: 'selective'; store: VectorStore; blockName: string; topK: number }

/** The lessons selective recall puts in front of a user's attempt: the store's top-k of their own and shared lessons. */
export async function recallForUser(
  store: VectorStore,
  prompt: string,
  userId: string,
  topK: number,
): Promise<ScoredChunk[]> {
  const filter = { user_id: [userId, SHARED_LESSON] }
  return (await store.search(prompt, { k: topK, filter }))
    .filter((hit) => matchesFilter(hit.metadata, filter))
    .slice(0, topK)
}

/**
 * Before an attempt: puts lessons where the base reads them and emits reflexion.lessons_recalled listing
 * exactly those lessons (monotonic: the block's lines; selective: the top-k of this user or shared).
 */
export async function recallLessons(
  run: RunContext,
  lessons: LessonMode,
  session: AttemptSession,
  attempt: number,
  startedIndex: number,
): Promise<number> {
  const cause = via(startedIndex, HANDLERS.recallLessons)
  if (lessons.mode === 'monotonic') {
    const lines = blockLines(await lessons.memory.getBlock(run.userId, lessons.blockName))
    return run.emit('reflexion.lessons_recalled', cause, {
      attempt,
      mode: 'monotonic',
      block: lessons.blockName,
      lessons: lines.map((content) => ({ content, userId: run.userId })),
    })
  }
  const hits = await recallForUser(lessons.store, run.prompt, run.userId, lessons.topK)
  session.blocks[lessons.blockName] = hits.map((hit) => hit.content).join('\n')
  const recalled = hits.map((hit) => ({
    id: hit.id,
    content: hit.content,
    userId: String(hit.metadata.user_id),
    score: hit.score,
    similarity: hit.score,
    ...(isRecallReason(hit.metadata.reason) && { why: hit.metadata.reason }),
  }))
  const index = await run.emit('reflexion.lessons_recalled', cause, {
    attempt,
    mode: 'selective',
    block: lessons.blockName,
    lessons: recalled,
  })
  await lessons.store.recordRecall?.(
    recalled.map((lesson) => lesson.id),
    { attempt },
  )
  return index
}

/** Why a store recalled a lesson (a store may explain its ranking in the hit's metadata.reason). */
export type RecallWhy = { similarity: number; taskKey?: string; tags?: string[]; boost: number }

function isRecallReason(value: unknown): value is RecallWhy {
  return typeof value === 'object' && value !== null && typeof (value as RecallWhy).similarity === 'number'
}

/** Pure: a block's lines after appending `line` (unless already there, normalised), keeping the newest `maxLines`. */
export function appendBlockLine(block: string | undefined, line: string, maxLines: number): BlockAppend {
  const lines = blockLines(block)
  const key = normaliseLesson(line)
  if (lines.some((existing) => normaliseLesson(existing) === key)) return { lines, duplicate: true, dropped: [] }
  lines.push(line)
  const dropped = lines.splice(0, Math.max(0, lines.length - maxLines))
  return { lines, duplicate: false, dropped }
}

/** Appends a line by reading and rewriting the block (for memories without an atomic appendLine). */
async function appendByRewrite(
  memory: Memory,
  userKey: string,
  name: string,
  line: string,
  maxLines: number,
): Promise<BlockAppend> {
  const result = appendBlockLine(await memory.getBlock(userKey, name), line, maxLines)
  if (!result.duplicate) await memory.setBlock(userKey, name, result.lines.join('\n'))
  return result
}

/**
 * Stores a lesson through the store's own dedup over the whole scope (`put`), or, for a store
 * without one, by checking every lesson of the user and the shared ones with the same text.
 */
async function storeLesson(store: VectorStore, chunk: Chunk, userId: string, key: string): Promise<StoredLesson> {
  if (store.put) return store.put(chunk)
  const hits = await store.search(chunk.content, { k: 1_000, filter: { user_id: [userId, SHARED_LESSON] } })
  const existing = hits.find((hit) => normaliseLesson(hit.content) === key)
  if (existing) return { id: existing.id, duplicate: true }
  const [id] = await store.add([chunk])
  return { id, duplicate: false }
}

/** Stores a lesson for the run's user (deduplicated) and emits reflexion.lesson_persisted; returns its index. */
export async function persistLesson(
  run: RunContext,
  lessons: LessonMode,
  lesson: string,
  attempt: number,
  score: number,
  producedIndex: number,
): Promise<number> {
  const cause = via(producedIndex, HANDLERS.persistLesson)
  const key = normaliseLesson(lesson)
  if (lessons.mode === 'monotonic') {
    const { lines, duplicate, dropped } = lessons.memory.appendLine
      ? await lessons.memory.appendLine(run.userId, lessons.blockName, lesson, lessons.maxLessons)
      : await appendByRewrite(lessons.memory, run.userId, lessons.blockName, lesson, lessons.maxLessons)
    return run.emit('reflexion.lesson_persisted', cause, {
      attempt,
      lesson,
      mode: 'monotonic',
      duplicate,
      block: lessons.blockName,
      blockSize: lines.length,
      ...(dropped.length > 0 && { droppedOldest: dropped }),
    })
  }
  const metadata = {
    user_id: run.userId,
    run_id: run.options.runId,
    attempt,
    score,
    task_prompt: bound(run.prompt, 500),
  }
  const stored = await storeLesson(lessons.store, { content: lesson, metadata }, run.userId, key)
  return run.emit('reflexion.lesson_persisted', cause, {
    attempt,
    lesson,
    mode: 'selective',
    duplicate: stored.duplicate,
    lessonId: stored.id,
  })
}
