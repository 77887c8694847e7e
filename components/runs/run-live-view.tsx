'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { ScoreChart } from '@/components/charts/score-chart'
import type { LoggedEvent } from '@/lib/core/events/event'
import { lessons as lessonsReducer, runStatus } from '@/lib/core/events/reducers'
import { progressOf } from '@/lib/services/runs/progress'
import { AttemptCard } from './attempt-card'
import { AttemptCompare } from './attempt-compare'
import { CancelRunButton, type CancelRunAction } from './cancel-run-button'
import { EventList } from './event-row'
import { roleUsageOf } from './role-usage'
import { formatScore, isActiveStatus } from './run-format'
import { RunOutcome } from './run-outcome'
import { RunStatusBadge } from './run-status-badge'
import { buildTimeline } from './run-timeline-model'
import { UsageTable } from './usage-table'
import { useRunStream } from './use-run-stream'

const STREAM_LABELS = { connecting: 'Connecting…', open: 'Live', ended: 'Complete', error: 'Reconnecting…' } as const

/** What the run page knows before the stream: the run's settings and who may cancel it. */
export type RunLiveProps = {
  runId: string
  threshold: number
  maxAttempts: number
  storedStatus: string
  canCancel: boolean
  /** Cancels the run (the page's server action). */
  cancelAction: CancelRunAction
  initialEvents: LoggedEvent[]
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** How many different lessons a list holds: one recalled by every attempt counts once. */
function distinctLessons(lessons: { id?: string | null; content: string }[]): number {
  return new Set(lessons.map((lesson) => lesson.id ?? lesson.content.trim().toLowerCase())).size
}

/** The live part of the run page: status, progress, score chart, per-attempt timeline and usage, fed by the SSE stream. */
export function RunLiveView({
  runId,
  threshold,
  maxAttempts,
  storedStatus,
  canCancel,
  cancelAction,
  initialEvents,
}: RunLiveProps) {
  const { events, state } = useRunStream(runId, initialEvents)
  const view = useMemo(() => {
    const status = runStatus.seed(events)
    const timeline = buildTimeline(events)
    const progress = progressOf(events)
    const lessonState = lessonsReducer.seed(events)
    return { status, timeline, progress, usage: roleUsageOf(events), lessonState }
  }, [events])
  const { status, timeline, progress, usage, lessonState } = view
  const router = useRouter()
  const startedFinished = useRef(progress.finished)
  useEffect(() => {
    // The header (took N s, status) is rendered on the server: refresh it once when the run ends live.
    if (progress.finished && !startedFinished.current) {
      startedFinished.current = true
      router.refresh()
    }
  }, [progress.finished, router])
  // A cancelled run ends `interrupted` (reason cancelled) in the log; it is shown as cancelled, like the runs list.
  const cancelled =
    (status.status === 'queued' && storedStatus === 'cancelled') ||
    (status.status === 'interrupted' && status.interruptionReason === 'cancelled')
  const shownStatus = cancelled ? 'cancelled' : status.status
  const bestScore = timeline.attempts.reduce<number | null>(
    (best, group) =>
      group.summary.score !== null && (best === null || group.summary.score > best) ? group.summary.score : best,
    null,
  )
  const runMax = progress.maxAttempts ?? maxAttempts
  const stored = lessonState.produced.filter(
    (lesson) => lesson.persistedIndex !== null && lesson.duplicate === false,
  ).length
  const points = timeline.attempts.map((group) => ({
    attempt: group.attempt,
    score: group.summary.score,
    passed: group.summary.passed,
  }))
  return (
    <div className="space-y-6">
      <section aria-label="Progress" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <RunStatusBadge status={shownStatus} />
            <span className="text-sm text-slate-700" data-testid="run-progress">
              {progress.attempt > 0
                ? `Attempt ${progress.attempt} of ${runMax}`
                : progress.finished || !isActiveStatus(shownStatus)
                  ? 'No attempt ran'
                  : 'Waiting for a worker'}
              {!progress.finished && progress.attempt > 0 ? ` · ${progress.phase}` : ''}
            </span>
          </div>
          <span aria-live="polite" className="text-xs text-slate-500" data-testid="stream-state">
            {STREAM_LABELS[state]}
          </span>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label="Attempts used" testId="attempts-used">
            {timeline.attempts.length} / {runMax}
          </Stat>
          <Stat label="Best score" testId="best-score">
            {formatScore(bestScore)}
          </Stat>
          <Stat label="Lessons recalled / written" testId="lesson-counts">
            {distinctLessons(lessonState.recalled)} /{' '}
            {new Set(lessonState.produced.map((lesson) => lesson.lesson)).size}
          </Stat>
          <Stat label="New lessons stored" testId="lessons-stored">
            {stored}
          </Stat>
        </dl>
        <div className="mt-4 space-y-3">
          <RunOutcome state={status} attempts={timeline.attempts} bestScore={bestScore} />
          {canCancel && isActiveStatus(shownStatus) ? <CancelRunButton runId={runId} action={cancelAction} /> : null}
        </div>
      </section>
      {/* Chart, timeline, usage: in that order on a phone; timeline beside chart and usage on a wide screen. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <section
          aria-labelledby="chart-title"
          className="min-w-0 self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-start-2 lg:row-start-1"
        >
          <h2 id="chart-title" className="mb-2 text-base font-semibold text-slate-900">
            Score per attempt
          </h2>
          <ScoreChart points={points} threshold={threshold} maxAttempts={runMax} finished={progress.finished} />
        </section>
        <section
          aria-labelledby="timeline-title"
          className="min-w-0 space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="timeline-title" className="text-lg font-semibold text-slate-900">
            Timeline
          </h2>
          {timeline.before.length ? <EventList events={timeline.before} label="Before the first attempt" /> : null}
          {timeline.attempts.length === 0 ? (
            <p className="text-sm text-slate-600">No attempt has started yet.</p>
          ) : null}
          {timeline.attempts.map((group) => (
            <AttemptCard
              key={group.attempt}
              group={group}
              maxAttempts={runMax}
              phase={!progress.finished && group.attempt === progress.attempt ? progress.phase : null}
              finished={progress.finished}
            />
          ))}
          {timeline.outcome.length ? <EventList events={timeline.outcome} label="Outcome" /> : null}
          <AttemptCompare attempts={timeline.attempts} />
        </section>
        <section
          aria-labelledby="usage-title"
          className="min-w-0 self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-start-2 lg:row-start-2"
        >
          <h2 id="usage-title" className="mb-2 text-base font-semibold text-slate-900">
            Tokens and cost
          </h2>
          <UsageTable rows={usage.rows} total={usage.total} />
        </section>
      </div>
    </div>
  )
}
