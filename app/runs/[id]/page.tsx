import type { Metadata } from 'next'
import Link from 'next/link'
import { Suspense } from 'react'
import { RunPageSkeleton } from '@/components/runs/run-page-skeleton'
import { FeedbackForm } from '@/components/runs/feedback-form'
import { FeedbackList } from '@/components/runs/feedback-list'
import { RunLiveView } from '@/components/runs/run-live-view'
import { FormTenantMarker } from '@/components/shell/form-tenant'
import { formatDateTime, formatDuration } from '@/components/runs/run-format'
import { can } from '@/lib/services/auth/permissions'
import { orNotFound, requireCaller } from '@/lib/services/auth/session'
import type { Caller } from '@/lib/services/auth/caller'
import { listRunFeedback } from '@/lib/services/feedback/feedback-queries'
import { TERMINAL_STATUSES } from '@/lib/services/runs/execute-run'
import { getRun, readRunEvents, type AuthorizedRunView } from '@/lib/services/runs/queries'
import { AddToDatasetPanel } from '@/components/experiments/add-to-dataset-panel'
import type { StoredTask } from '@/lib/services/runs/stored-task'
import { cancelRunAction, giveFeedbackAction } from '../actions'
import { addRunsToDatasetAction } from '@/app/datasets/actions'
import { evaluatorLabel, modelDisplayLabel } from '@/lib/services/runs/labels'

export const metadata: Metadata = { title: 'Run' }

const linkClass =
  'inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100'
function modelOf(spec: string | undefined, fallback: string): string {
  return spec ? modelDisplayLabel(spec) : fallback
}

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requireCaller()
  const { id } = await params
  // Checked before anything streams, so another member's run answers with a real 404.
  const run = await orNotFound(getRun(caller, id))
  const own = run.userId === caller.userId
  const canCancel = (own && can(caller.role, 'runs.readOwn')) || can(caller.role, 'runs.cancelTenant')
  const canAsk = (own && can(caller.role, 'support.askOwn')) || can(caller.role, 'support.console')
  const task = (run.config ?? {}) as Partial<StoredTask>
  const evaluator = task.evaluator?.kind ? evaluatorLabel(task.evaluator.kind) : '—'
  return (
    <div className="space-y-6">
      <FormTenantMarker tenantId={caller.tenantId} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">
            <Link href="/runs" className="underline-offset-2 hover:underline">
              Runs
            </Link>{' '}
            / run
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900">{run.title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {own ? 'Your run' : `${run.userName}'s run`} · created {formatDateTime(run.createdAt)}
            {run.finishedAt ? ` · took ${formatDuration(run.startedAt ?? run.createdAt, run.finishedAt)}` : ''}
          </p>
        </div>
        <nav aria-label="Run actions" className="flex flex-wrap gap-2">
          {canAsk ? (
            <Link href={`/runs/${run.id}/ask`} className={linkClass}>
              Ask why
            </Link>
          ) : null}
          <a href={`/api/runs/${run.id}/export`} download className={linkClass} data-testid="export-link">
            Export JSON Lines
          </a>
        </nav>
      </div>
      {can(caller.role, 'experiments.manageOwn') ? (
        <AddToDatasetPanel action={addRunsToDatasetAction} caller={caller} runIds={[run.id]} label="Add to dataset" />
      ) : null}
      <section aria-label="Task" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 className="text-sm font-medium text-slate-700">Prompt</h2>
        <p data-testid="run-prompt" className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900">
          {run.prompt}
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">Agent model</dt>
            <dd data-testid="run-model">{run.model}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Evaluator / reflector model</dt>
            <dd>
              {modelOf(task.models?.evaluator, run.model)} / {modelOf(task.models?.reflector, run.model)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Evaluator</dt>
            <dd>
              {evaluator}, passes at {run.threshold.toFixed(2)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Architecture</dt>
            <dd>
              {task.architecture?.kind === 'supervisor'
                ? `Supervisor (${task.architecture.workers.map((worker) => worker.name).join(', ')})`
                : 'ReAct'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Lessons</dt>
            <dd>
              {task.reflexion?.lessonMode === 'monotonic'
                ? `monotonic, keeps up to ${task.reflexion.maxLessons}`
                : `selective, top ${task.reflexion?.topKLessons ?? 5}`}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Max turns per attempt</dt>
            <dd>{task.maxTurns ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Tools chosen</dt>
            {/* As submitted; the run re-checks each against the enabled tools when it executes. */}
            <dd className="flex flex-wrap gap-1" data-testid="run-tools">
              {task.tools?.length
                ? task.tools.map((name) => (
                    <span
                      key={name}
                      className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs break-all text-slate-800"
                    >
                      {name}
                    </span>
                  ))
                : 'none'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Task key and tags</dt>
            <dd className="flex flex-wrap gap-1" data-testid="run-task-key">
              {task.taskKey ? (
                <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-mono text-xs text-indigo-800">
                  task: {task.taskKey}
                </span>
              ) : null}
              {(task.tags ?? []).map((tag) => (
                <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  #{tag}
                </span>
              ))}
              {!task.taskKey && !task.tags?.length ? '—' : null}
            </dd>
          </div>
        </dl>
      </section>
      <Suspense fallback={<RunPageSkeleton />}>
        <RunTimeline run={run} canCancel={canCancel} />
      </Suspense>
      {can(caller.role, 'runs.feedback') ? (
        <Suspense fallback={null}>
          <RunFeedback caller={caller} run={run} />
        </Suspense>
      ) : null}
    </div>
  )
}

// Ratings: the form once the run has finished, and the ratings the caller may see.
async function RunFeedback({ caller, run }: { caller: Caller; run: AuthorizedRunView }) {
  const rows = await listRunFeedback(caller, run.id)
  const attempts = Array.from({ length: run.attemptsUsed }, (_, position) => position + 1)
  return (
    <section
      aria-labelledby="feedback-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="feedback-title" className="mb-3 text-base font-semibold text-slate-900">
        Feedback
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        {TERMINAL_STATUSES.has(run.status) ? (
          <FeedbackForm action={giveFeedbackAction} runId={run.id} attempts={attempts} />
        ) : (
          <p className="text-sm text-slate-600">You can rate this run once it has finished.</p>
        )}
        <FeedbackList rows={rows} />
      </div>
    </section>
  )
}

// The events so far are rendered on the server; the live view streams from the last index.
// getRun above already checked the caller may see this run (of the caller's tenant): no second check.
async function RunTimeline({ run, canCancel }: { run: AuthorizedRunView; canCancel: boolean }) {
  const events = await readRunEvents(run.access, { limit: 10_000 })
  return (
    <RunLiveView
      cancelAction={cancelRunAction}
      runId={run.id}
      threshold={run.threshold}
      maxAttempts={run.maxAttempts}
      storedStatus={run.status}
      canCancel={canCancel}
      initialEvents={events}
    />
  )
}
