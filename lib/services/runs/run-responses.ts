import 'server-only'
import type { Caller } from '../auth/caller'
import { getDatabase } from '../../adapters/db/client'
import { serializeJsonlRow } from '../../core/events/jsonl'
import { authorizeRun, readRunEvents } from './queries'
import { runEventStream } from './run-event-stream'

/** `GET /api/runs/{id}/export`: the run's log as JSON Lines, as an attachment; notFound() when the caller may not see it. */
export async function exportRunResponse(caller: Caller, runId: string): Promise<Response> {
  const run = await authorizeRun(caller, runId)
  const encoder = new TextEncoder()
  let afterIndex = -1
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const events = await readRunEvents(run, { afterIndex, limit: 1000 })
      if (events.length === 0) return controller.close()
      controller.enqueue(encoder.encode(events.map((event) => `${serializeJsonlRow(event)}\n`).join('')))
      afterIndex = events[events.length - 1].index
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Content-Disposition': `attachment; filename="run-${run.runId}.jsonl"`,
      'Cache-Control': 'no-store',
    },
  })
}

/** The index to resume after: `Last-Event-ID`, else `?after=`, else -1 (from the start). */
export function resumeIndexOf(request: Request): number {
  const header = request.headers.get('last-event-id')
  const query = new URL(request.url).searchParams.get('after')
  const value = Number(header ?? query ?? -1)
  // Event indexes are 32-bit integers in the database; anything else would fail the query (a 500).
  return Number.isInteger(value) && value >= -1 && value <= 2_147_483_647 ? value : -1
}

/** `GET /api/runs/{id}/stream`: server-sent events of the run's log, replayed then followed live; notFound() when the caller may not see it. */
export async function streamRunResponse(caller: Caller, runId: string, request: Request): Promise<Response> {
  const run = await authorizeRun(caller, runId)
  const stream = runEventStream(await getDatabase(), run, resumeIndexOf(request), request.signal)
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  })
}
