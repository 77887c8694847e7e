/** A stored piece of text with its metadata (lessons carry `user_id`, `run_id`, `attempt`, `score`). */
export type Chunk = { content: string; metadata: Record<string, unknown> }

/** A search hit: the chunk, its id and its similarity (higher is nearer). */
export type ScoredChunk = Chunk & { id: string; score: number }

/** Metadata filter: a key must equal the value, or one of the values when an array; a missing key never matches. */
export type MetadataFilter = Record<string, unknown>

/** A stored lesson's id, and whether the text was already there (the existing lesson was strengthened). */
export type StoredLesson = { id: string; duplicate: boolean }

/** A store of embedded chunks; the product implements it on PostgreSQL + pgvector. */
export interface VectorStore {
  /** Stores chunks and returns their ids; an identical chunk (same text and user) returns the existing id. */
  add(chunks: Chunk[]): Promise<string[]>
  /**
   * Stores one lesson unless its user may already recall the same text (their own or a shared
   * lesson, over the whole scope); then that lesson is strengthened and returned as a duplicate.
   */
  put?(chunk: Chunk): Promise<StoredLesson>
  /** The k nearest chunks to the query that pass the filter, nearest first. */
  search(query: string, options?: { k?: number; filter?: MetadataFilter }): Promise<ScoredChunk[]>
  /**
   * Told which of its chunks were put in front of an attempt, after `reflexion.lessons_recalled` is
   * written: a store that keeps recall statistics records them here (optional).
   */
  recordRecall?(ids: string[], context: { attempt: number }): Promise<void>
}

/** Whether metadata passes a filter (array = any of; a missing key never matches). */
export function matchesFilter(metadata: Record<string, unknown>, filter: MetadataFilter | undefined): boolean {
  if (!filter) return true
  return Object.entries(filter).every(([key, expected]) => {
    if (!Object.hasOwn(metadata, key) || metadata[key] === undefined || metadata[key] === null) return false
    return Array.isArray(expected) ? expected.includes(metadata[key]) : metadata[key] === expected
  })
}
