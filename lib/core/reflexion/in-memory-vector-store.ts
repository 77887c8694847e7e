import type { Embedder } from './embedder'
import { cosineSimilarity } from './hash-embedder'
import { normaliseLesson } from './lesson-text'
import {
  matchesFilter,
  type Chunk,
  type MetadataFilter,
  type ScoredChunk,
  type StoredLesson,
  type VectorStore,
} from './vector-store'

type Entry = { id: string; chunk: Chunk; vector: number[]; key: string; timesLearned: number }

/** A vector store in process memory (exact cosine search); dedupes by normalised text and user. */
export class InMemoryVectorStore implements VectorStore {
  readonly embedder: Embedder
  private readonly entries: Entry[] = []
  private nextId = 1

  constructor(options: { embedder: Embedder }) {
    this.embedder = options.embedder
  }

  private static keyOf(chunk: Chunk): string {
    return `${String(chunk.metadata.user_id ?? '\u0000untagged')}\u0000${normaliseLesson(chunk.content)}`
  }

  async add(chunks: Chunk[]): Promise<string[]> {
    const vectors = await this.embedder.embed(chunks.map((chunk) => chunk.content))
    return chunks.map((chunk, position) => {
      const key = InMemoryVectorStore.keyOf(chunk)
      const existing = this.entries.find((entry) => entry.key === key)
      if (existing) return existing.id
      const id = `lesson-${this.nextId++}`
      this.entries.push({
        id,
        chunk: { content: chunk.content, metadata: { ...chunk.metadata } },
        vector: vectors[position],
        key,
        timesLearned: 1,
      })
      return id
    })
  }

  /** Stores a lesson, or strengthens the same text its user may already recall (theirs, then shared). */
  async put(chunk: Chunk): Promise<StoredLesson> {
    const text = normaliseLesson(chunk.content)
    const userKey = chunk.metadata.user_id
    const existing = [userKey, '*']
      .map((key) =>
        this.entries.find(
          (entry) => entry.key === InMemoryVectorStore.keyOf({ content: text, metadata: { user_id: key } }),
        ),
      )
      .find((entry) => entry !== undefined)
    if (existing) {
      existing.timesLearned++
      return { id: existing.id, duplicate: true }
    }
    const [id] = await this.add([chunk])
    return { id, duplicate: false }
  }

  /** How many times a stored lesson was written (1, plus once per duplicate). */
  timesLearned(id: string): number {
    return this.entries.find((entry) => entry.id === id)?.timesLearned ?? 0
  }

  async search(query: string, options: { k?: number; filter?: MetadataFilter } = {}): Promise<ScoredChunk[]> {
    const [vector] = await this.embedder.embed([query])
    return this.entries
      .filter((entry) => matchesFilter(entry.chunk.metadata, options.filter))
      .map((entry) => ({
        id: entry.id,
        content: entry.chunk.content,
        metadata: { ...entry.chunk.metadata },
        score: cosineSimilarity(vector, entry.vector),
      }))
      .sort((left, right) => right.score - left.score)
      .slice(0, options.k ?? 5)
  }

  /** Number of stored chunks. */
  get size(): number {
    return this.entries.length
  }
}
