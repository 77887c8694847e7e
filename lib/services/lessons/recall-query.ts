import { indexedDistance, sqlLiteral } from './vector-index'
import { similaritySql, type EmbeddingStorage } from './vector-support'

/**
 * Which lessons a recall may see: one tenant (fixed by the store), these user keys (the run's user
 * and '*'), active and unexpired, embedded by the tenant's active embedder. A place for further
 * filters (an experiment arm's lessons) without changing the callers.
 */
export type RecallFilter = { userKeys: readonly string[] | null; lessonIds?: readonly string[] }

/** How many nearest candidates the query returns for ranking: enough for boosts and collapsed duplicates. */
export function candidateLimit(k: number): number {
  return Math.max(20, k * 4)
}

/**
 * The recall query: nearest first over one tenant's candidates, the distance computed once per row.
 * Parameters: $1 tenant, $2 embedder, $3 query vector, $4 limit, then [user keys], [lesson ids].
 * Each member lesson comes with the id of the shared lesson approved from it, so ranking can collapse the pair.
 */
export function recallSql(
  storage: EmbeddingStorage,
  filter: RecallFilter,
  index?: { embedderId: string; dimensions: number },
  only?: string,
): string {
  const exact =
    storage === 'vector' ? 'l.embedding <=> $3::vector' : `1 - ${similaritySql(storage, '$3', 'l.embedding')}`
  // Through the index: order by the indexed expression alone (approximate, half precision) and give
  // the few rows it returns their exact distance; the embedder is a literal so the partial index applies.
  let next = 5
  const conditions = [
    'l.tenant_id = $1',
    "l.status = 'active'",
    "(l.expires_at IS NULL OR l.expires_at > now() AT TIME ZONE 'UTC')",
    index ? `l.embedder = ${sqlLiteral(index.embedderId)} AND $2::text IS NOT NULL` : 'l.embedder = $2',
    'l.embedding IS NOT NULL',
  ]
  if (filter.userKeys !== null) conditions.push(`l.user_key = ANY($${next++}::text[])`)
  if (filter.lessonIds) conditions.push(`l.id = ANY($${next++}::text[])`)
  if (only) conditions.push(only)
  return `SELECT nearest.*, 1 - nearest.distance AS similarity,
      (SELECT p.shared_lesson_id FROM lesson_proposals p
        WHERE p.lesson_id = nearest.id AND p.tenant_id = $1 AND p.shared_lesson_id IS NOT NULL LIMIT 1) AS shared_copy_id
    FROM (
      SELECT l.id, l.content, l.normalized, l.user_key, l.source_run_id, l.source_attempt, l.source_score, l.task_key, l.tags,
        ${exact} AS distance
      FROM lessons l
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${index ? indexedDistance(index.dimensions, '$3') : 'distance, l.id'}
      LIMIT $4
    ) nearest
    ORDER BY similarity DESC, nearest.id`
}

/**
 * The exact recall that also counts its scope, in one round trip: used when the store does not yet
 * know whether the scope is small enough for an exact scan (see `ScopeSizeCache`). It counts the
 * scope's lessons up to `largerThan + 1` on the btree first (`scope_size`); a larger scope returns
 * that count alone, without scanning (a one-time filter), and the caller asks the HNSW index instead.
 * A small one returns its candidates with it, so its first recall no longer costs a second query.
 * Parameters as `recallSql`'s.
 */
export function countedRecallSql(storage: EmbeddingStorage, filter: RecallFilter, largerThan: number): string {
  const scope = ['l.tenant_id = $1', "l.status = 'active'"]
  if (filter.userKeys !== null) scope.push('l.user_key = ANY($5::text[])')
  return `WITH scope AS MATERIALIZED (
      SELECT count(*)::int AS size FROM (SELECT 1 FROM lessons l WHERE ${scope.join(' AND ')} LIMIT ${largerThan + 1}) bounded
    )
    SELECT scope.size AS scope_size, found.* FROM scope
    LEFT JOIN LATERAL (${recallSql(storage, filter, undefined, `scope.size <= ${largerThan}`)}) found ON true
    ORDER BY found.similarity DESC, found.id`
}
