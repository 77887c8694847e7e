import type { LoggedEvent } from '../../core/events/event'
import { metrics } from '../../adapters/observability/metrics'
import type { RunColumns } from './projection'
import { EventConflictError } from './event-conflict-error'

/** Runs one SQL statement with positional parameters and returns its rows (Prisma's `$queryRawUnsafe`). */
export type SqlQuery = <Row = Record<string, unknown>>(text: string, ...values: unknown[]) => Promise<Row[]>

/** One run's events to append after `expectedIndex - 1`, with the run's projected columns (null: unchanged). */
export type AppendRequest = { runId: string; expectedIndex: number; events: LoggedEvent[]; columns: RunColumns | null }

/** The notify channel followers LISTEN on; payload `<runId>:<last index>`. */
export const RUN_EVENTS_CHANNEL = 'run_events'

const APPEND_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(run_id text, expected int, added int, columns jsonb)
), updated AS (
  UPDATE runs r SET
    event_count = r.event_count + i.added,
    status = COALESCE((i.columns->>'status')::"RunStatus", r.status),
    attempts_used = COALESCE((i.columns->>'attemptsUsed')::int, r.attempts_used),
    best_score = CASE WHEN i.columns IS NULL THEN r.best_score ELSE (i.columns->>'bestScore')::float8 END,
    output = CASE WHEN i.columns IS NULL THEN r.output ELSE i.columns->>'output' END,
    interruption_reason = CASE WHEN i.columns IS NULL THEN r.interruption_reason ELSE i.columns->>'interruptionReason' END,
    usage = COALESCE(i.columns->'usage', r.usage),
    cost_usd = CASE WHEN i.columns IS NULL THEN r.cost_usd ELSE (i.columns->>'costUsd')::float8 END,
    finished_at = COALESCE(r.finished_at, (i.columns->>'finishedAt')::timestamp)
  FROM input i
  WHERE r.id = i.run_id AND r.event_count = i.expected
  RETURNING r.id, r.tenant_id, r.event_count
), inserted AS (
  INSERT INTO run_events (tenant_id, run_id, index, type, kind, namespace, payload, cause, at)
  SELECT u.tenant_id, e.run_id, e.index, e.type, e.kind, e.namespace, e.payload, e.cause, e.at
  FROM jsonb_to_recordset($2::jsonb) AS e(run_id text, index int, type text, kind text, namespace text, payload jsonb, cause jsonb, at timestamp)
  JOIN updated u ON u.id = e.run_id
  RETURNING run_id
)
SELECT u.id, pg_notify('${RUN_EVENTS_CHANNEL}', u.id || ':' || (u.event_count - 1)) IS NULL AS notified,
       (SELECT count(*)::int FROM inserted) AS inserted
FROM updated u`

type Pending = AppendRequest & { resolve: () => void; reject: (error: unknown) => void }

const MAX_BATCH_EVENTS = 500
/** Statements in flight at once (on different connections), so WAL flushes of batches overlap. */
const MAX_IN_FLIGHT = 3

/**
 * Appends events to run logs with group commit: appends that arrive while statements are in
 * flight are committed together in the next one (one statement = one transaction), at most one
 * request per run per statement and never two statements for the same run at once. Each run
 * row's `event_count` moves by a conditional update (`WHERE event_count = expected`), so a
 * competing writer gets an EventConflictError, never a gap, duplicate or overwrite; the NOTIFY
 * is part of the same transaction. A request resolves only once committed.
 */
export class EventWriter {
  private pending: Pending[] = []
  private readonly busyRuns = new Set<string>()
  private inFlight = 0
  private scheduled = false
  private readonly committedListeners = new Set<(request: AppendRequest) => void>()

  constructor(private readonly query: SqlQuery) {}

  /** Calls `listener` after each append commits (e.g. to announce that a run ended); returns the unsubscribe. */
  onCommitted(listener: (request: AppendRequest) => void): () => void {
    this.committedListeners.add(listener)
    return () => this.committedListeners.delete(listener)
  }

  private notifyCommitted(request: AppendRequest): void {
    for (const listener of this.committedListeners) {
      try {
        listener(request)
      } catch (error) {
        console.error('[runs] a commit listener failed', (error as Error).message)
      }
    }
  }

  /** Appends one run's events; resolves once committed. */
  append(request: AppendRequest): Promise<void> {
    if (request.events.length === 0) return Promise.resolve()
    const started = performance.now()
    return new Promise<void>((resolve, reject) => {
      const committed = () => {
        const observed = metrics()
        observed.eventAppendSeconds.observe((performance.now() - started) / 1000)
        observed.eventsAppended.inc(request.events.length)
        resolve()
      }
      this.pending.push({ ...request, resolve: committed, reject })
      this.schedule()
    })
  }

  // Waits one macrotask before taking a batch, so the runs whose appends just committed can
  // send their next event and batches fill up.
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.pending.length === 0) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.pump()
    })
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.takeBatch()
      if (batch.length === 0) return
      this.inFlight++
      for (const item of batch) this.busyRuns.add(item.runId)
      void this.run(batch).finally(() => {
        for (const item of batch) this.busyRuns.delete(item.runId)
        this.inFlight--
        this.schedule()
      })
    }
  }

  private takeBatch(): Pending[] {
    const batch: Pending[] = []
    const rest: Pending[] = []
    const runs = new Set<string>()
    let events = 0
    for (const item of this.pending) {
      const blocked =
        runs.has(item.runId) ||
        this.busyRuns.has(item.runId) ||
        (batch.length > 0 && events + item.events.length > MAX_BATCH_EVENTS)
      if (blocked) rest.push(item)
      else {
        runs.add(item.runId)
        events += item.events.length
        batch.push(item)
      }
    }
    this.pending = rest
    return batch
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      await this.commit(batch)
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error)
      else for (const item of batch) await this.commit([item]).catch(item.reject)
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    const landed = await appendStatement(this.query, batch)
    for (const item of batch) {
      if (landed.has(item.runId)) {
        item.resolve()
        this.notifyCommitted(item)
      } else item.reject(conflict(item))
    }
  }
}

/**
 * Appends inside a transaction the caller holds (`query` is the transaction's): the submission's
 * seed event goes in with its run, through the same statement (conditional update, insert, NOTIFY
 * on commit) as every other event. Throws EventConflictError when the log is not where expected.
 */
export async function appendInTransaction(query: SqlQuery, request: AppendRequest): Promise<void> {
  if (request.events.length === 0) return
  if (!(await appendStatement(query, [request])).has(request.runId)) throw conflict(request)
}

function conflict(request: AppendRequest): EventConflictError {
  return new EventConflictError(
    request.runId,
    request.expectedIndex,
    'the log has moved on (another writer appended), or the run does not exist',
  )
}

/** Runs the append statement for one or more runs' requests; returns the runs whose events landed. */
async function appendStatement(query: SqlQuery, batch: AppendRequest[]): Promise<Set<string>> {
  const input = batch.map((item) => ({
    run_id: item.runId,
    expected: item.expectedIndex,
    added: item.events.length,
    columns: item.columns && columnsJson(item),
  }))
  const events = batch.flatMap((item) =>
    item.events.map((event) => ({
      run_id: item.runId,
      index: event.index,
      type: event.type,
      kind: event.kind,
      namespace: event.namespace,
      payload: event.payload,
      cause: event.cause,
      at: event.at,
    })),
  )
  const rows = await query<{ id: string }>(APPEND_SQL, JSON.stringify(input), JSON.stringify(events))
  return new Set(rows.map((row) => row.id))
}

function columnsJson(item: AppendRequest): Record<string, unknown> {
  const columns = item.columns!
  const last = item.events[item.events.length - 1]
  return { ...columns, finishedAt: columns.finished ? last.at : null }
}
