import { formatCause } from '@/lib/core/events/cause'
import type { LoggedEvent } from '@/lib/core/events/event'
import { summarizeEvent, type EventTone } from './event-summary'

const TONES: Record<EventTone, string> = {
  normal: 'border-slate-200',
  success: 'border-emerald-500 bg-emerald-50/60',
  warning: 'border-amber-500 bg-amber-50/60',
  error: 'border-red-500 bg-red-50/70',
}

/** One event of the log: its #index (an anchor, `event-<index>`), type, meaning and recorded cause. */
export function EventRow({ event }: { event: LoggedEvent }) {
  const { text, tone } = summarizeEvent(event)
  const cause = event.cause
  return (
    <li
      id={`event-${event.index}`}
      data-event-index={event.index}
      data-event-type={event.type}
      className={`scroll-mt-4 border-l-2 py-1 pr-2 pl-3 text-sm ${TONES[tone]}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <a href={`#event-${event.index}`} className="font-mono text-xs text-slate-500 hover:text-indigo-700">
          #{event.index}
        </a>
        <code className="text-xs text-slate-600">{event.type}</code>
        <span className="min-w-0 break-words text-slate-900">{text}</span>
      </div>
      <p className="text-xs text-slate-500">
        cause:{' '}
        {cause.kind === 'handler' ? (
          <a href={`#event-${cause.index}`} className="underline decoration-dotted hover:text-indigo-700">
            {formatCause(cause)}
          </a>
        ) : (
          formatCause(cause)
        )}
      </p>
    </li>
  )
}

/** A list of event rows. */
export function EventList({ events, label }: { events: LoggedEvent[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-1">
      {events.map((event) => (
        <EventRow key={event.index} event={event} />
      ))}
    </ol>
  )
}
