'use client'

import { useEffect, useRef, useState } from 'react'
import type { LoggedEvent, RawLoggedEvent } from '@/lib/core/events/event'
import { readEvent } from '@/lib/core/events/read-event'

/** The stream's connection: connecting, open (live), ended (run finished) or error (retrying). */
export type RunStreamState = 'connecting' | 'open' | 'ended' | 'error'

const RETRY_MS = 2_000

/**
 * Follows a run's log live over SSE, starting after `initialEvents` (rendered by the server).
 * Reconnects with the last index seen, keeps events in index order with none missing or repeated,
 * and stops after run.finished.
 */
export function useRunStream(
  runId: string,
  initialEvents: LoggedEvent[],
): { events: LoggedEvent[]; state: RunStreamState } {
  const [events, setEvents] = useState<LoggedEvent[]>(initialEvents)
  const [state, setState] = useState<RunStreamState>(
    initialEvents.some((event) => event.type === 'run.finished') ? 'ended' : 'connecting',
  )
  const lastIndex = useRef(initialEvents.length > 0 ? initialEvents[initialEvents.length - 1].index : -1)
  const ended = useRef(state === 'ended') // a finished run is not followed again (a ref: not an effect dependency)

  useEffect(() => {
    if (ended.current) return
    let source: EventSource | null = null
    let retry: ReturnType<typeof setTimeout> | null = null
    let stopped = false
    const connect = () => {
      source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/stream?after=${lastIndex.current}`)
      source.onopen = () => setState('open')
      source.addEventListener('run_event', (message) => {
        const event = readEvent(JSON.parse((message as MessageEvent<string>).data) as RawLoggedEvent)
        if (event.index <= lastIndex.current) return
        if (event.index !== lastIndex.current + 1) return reconnect()
        lastIndex.current = event.index
        setEvents((previous) => [...previous, event])
      })
      source.addEventListener('end', () => {
        stopped = true
        ended.current = true
        source?.close()
        setState('ended')
      })
      source.onerror = () => reconnect()
    }
    const reconnect = () => {
      source?.close()
      if (stopped) return
      setState('error')
      retry = setTimeout(connect, RETRY_MS)
    }
    connect()
    return () => {
      stopped = true
      source?.close()
      if (retry) clearTimeout(retry)
    }
  }, [runId])

  return { events, state }
}
