import 'server-only'
import type { Database } from '../../adapters/db/client'
import type { LoggedEvent } from '../../core/events/event'
import type { Redactor } from '../../core/reflection/redact'
import { redactLoggedEvent } from './caller-redaction'
import { logFollowerFor } from './log-follower'
import { readLoggedEvents, type RunLogAddress } from './run-event-reader'

/** Interval of SSE heartbeats (comments that keep proxies from closing an idle stream). */
export const HEARTBEAT_MS = 15_000
/** Poll fallback when no notification arrives (a lost LISTEN connection, another database session). */
const POLL_MS = 2_000

/** One SSE message for an event: `id: <index>` and the LoggedEvent as data. */
export function sseMessage(event: LoggedEvent): string {
  return `id: ${event.index}\nevent: run_event\ndata: ${JSON.stringify(event)}\n\n`
}

async function readAfter(
  database: Database,
  run: RunLogAddress & { redactor?: Redactor | null },
  afterIndex: number,
): Promise<LoggedEvent[]> {
  const events = await readLoggedEvents(database.prisma, run, { afterIndex, limit: 500 })
  return events.map((event) => redactLoggedEvent(event, run.redactor ?? null))
}

/**
 * The live event stream of an authorised run as SSE bytes: replays events after `afterIndex`, then
 * follows the log in the database (NOTIFY wake-ups, polling as a fallback), each event exactly once
 * in index order, through the run's redaction when it carries one (an AuthorizedRun does); ends
 * with `event: end` after run.finished; heartbeats every 15 s.
 */
export function runEventStream(
  database: Database,
  run: RunLogAddress & { redactor?: Redactor | null },
  afterIndex: number,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let lastIndex = afterIndex
  let wake: (() => void) | null = null
  let closed = false
  const unsubscribe = logFollowerFor(database).subscribe(run.runId, () => wake?.())
  const close = () => {
    closed = true
    unsubscribe()
    wake?.()
  }
  signal?.addEventListener('abort', close, { once: true })
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let lastSent = Date.now()
      try {
        while (!closed) {
          const events = await readAfter(database, run, lastIndex)
          for (const event of events) {
            controller.enqueue(encoder.encode(sseMessage(event)))
            lastIndex = event.index
            lastSent = Date.now()
            if (event.type === 'run.finished') {
              controller.enqueue(encoder.encode(`event: end\ndata: {"lastIndex":${event.index}}\n\n`))
              closed = true
              break
            }
          }
          if (closed || events.length === 500) continue
          if (Date.now() - lastSent >= HEARTBEAT_MS) {
            controller.enqueue(encoder.encode(': heartbeat\n\n'))
            lastSent = Date.now()
          }
          await new Promise<void>((resolve) => {
            wake = resolve
            setTimeout(resolve, Math.min(POLL_MS, HEARTBEAT_MS))
          })
          wake = null
        }
        controller.close()
      } catch (error) {
        controller.error(error)
      } finally {
        unsubscribe()
      }
    },
    cancel: close,
  })
}
