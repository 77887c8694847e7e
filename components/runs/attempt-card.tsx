import type { RunPhase } from '@/lib/services/runs/progress'
import { EventList } from './event-row'
import { ModelCallTraces } from './model-call-traces'
import { formatScore } from './run-format'
import type { AttemptGroup } from './run-timeline-model'
import { ToolCallList } from './tool-call-list'
import { TextLink } from '@/components/ui/text-link'

const PHASES: Record<RunPhase, string> = {
  queued: 'waiting',
  recalling: 'recalling lessons',
  attempting: 'working',
  evaluating: 'being scored',
  reflecting: 'writing a lesson',
  done: 'done',
}

function Verdict({ group, finished }: { group: AttemptGroup; finished: boolean }) {
  const { passed, score } = group.summary
  if (score === null)
    return finished ? (
      <span
        className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
        data-testid="attempt-verdict"
      >
        Not scored: the run ended first
      </span>
    ) : null
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${passed ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
      data-testid="attempt-verdict"
    >
      {passed ? 'Passed' : 'Not passed'} · {formatScore(score)}
    </span>
  )
}

/** One attempt: lessons recalled before it, its output, score and feedback, the lesson it produced, calls, events. */
export function AttemptCard({
  group,
  maxAttempts,
  phase,
  finished = false,
}: {
  group: AttemptGroup
  maxAttempts: number | null
  phase: RunPhase | null
  /** The run has ended: what this attempt has not done it will never do. */
  finished?: boolean
}) {
  const { summary } = group
  const calls = Object.entries(group.modelCalls).map(([role, count]) => `${count} ${role}`)
  return (
    <section
      aria-labelledby={`attempt-${group.attempt}-title`}
      data-testid="attempt"
      data-attempt={group.attempt}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`attempt-${group.attempt}-title`} className="text-base font-semibold text-slate-900">
          Attempt {group.attempt}
          {maxAttempts ? ` of ${maxAttempts}` : ''}
        </h3>
        <div className="flex items-center gap-2">
          {phase && phase !== 'done' ? (
            <span className="text-xs font-medium text-sky-700" role="status">
              {PHASES[phase]}…
            </span>
          ) : null}
          <Verdict group={group} finished={finished} />
        </div>
      </header>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-700">Lessons in the prompt</dt>
          <dd>
            {summary.lessonsRecalledIndex === null ? (
              <span className="text-slate-500">{finished ? 'none (the run ended first)' : 'not recalled yet'}</span>
            ) : group.recalled.length === 0 ? (
              <span className="text-slate-500">none</span>
            ) : (
              <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="recalled-lessons">
                {group.recalled.map((lesson, position) => (
                  <li key={`${lesson.id ?? position}`}>
                    {lesson.id ? <TextLink href={`/lessons/${lesson.id}`}>{lesson.content}</TextLink> : lesson.content}
                    {lesson.shared ? (
                      <span className="ml-1 rounded bg-slate-100 px-1 text-xs text-slate-600">shared</span>
                    ) : null}
                    {lesson.why ? <RecallWhy why={lesson.why} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {group.output !== null ? (
          <div>
            <dt className="font-medium text-slate-700">Output</dt>
            <dd>
              <details
                className="mt-1 rounded-md border border-slate-200 bg-slate-50"
                open={group.output.length <= 400}
              >
                <summary className="cursor-pointer px-3 py-1.5 text-xs text-slate-600">
                  {group.output.length} characters — show or hide
                </summary>
                <pre
                  data-testid="attempt-output"
                  className="max-h-96 overflow-auto px-3 py-2 font-sans text-sm break-words whitespace-pre-wrap text-slate-900"
                >
                  {group.output}
                </pre>
              </details>
            </dd>
          </div>
        ) : summary.outOfTurns ? (
          <div>
            <dt className="font-medium text-slate-700">Output</dt>
            <dd className="text-amber-800">No answer: the agent used all of its turns.</dd>
          </div>
        ) : null}
        {summary.score !== null ? (
          <div>
            <dt className="font-medium text-slate-700">Evaluator</dt>
            <dd>
              Score <strong>{formatScore(summary.score)}</strong> against a threshold of{' '}
              {formatScore(summary.threshold)}.
              {summary.feedback ? (
                <span className="mt-1 block whitespace-pre-wrap text-slate-700" data-testid="attempt-feedback">
                  {summary.feedback}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {group.produced ? (
          <div>
            <dt className="font-medium text-slate-700">Lesson written</dt>
            <dd
              className="mt-1 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2"
              data-testid="lesson-produced"
            >
              <p className="text-slate-900">{group.produced.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {group.produced.persistedIndex === null
                  ? 'Not stored yet.'
                  : group.produced.duplicate
                    ? 'Already known: not stored again.'
                    : 'Stored. '}
                {group.produced.lessonId && !group.produced.duplicate ? (
                  <TextLink href={`/lessons/${group.produced.lessonId}`}>Open lesson</TextLink>
                ) : null}
                {group.produced.reachedNext === true
                  ? ' It reached the next attempt’s prompt.'
                  : group.produced.reachedNext === false
                    ? ' It was not in the next attempt’s prompt.'
                    : ''}
              </p>
            </dd>
          </div>
        ) : null}
        {group.tools.length > 0 ? (
          <div>
            <dt className="font-medium text-slate-700">Tool calls</dt>
            <dd className="mt-1">
              <ToolCallList calls={group.tools} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-slate-700">Calls</dt>
          <dd className="text-slate-700">
            {calls.length ? `Model: ${calls.join(', ')}` : 'No model calls yet'} · Tools: {group.toolCalls}
          </dd>
        </div>
      </dl>
      <ModelCallTraces events={group.events} />
      <details className="mt-3">
        <summary className="cursor-pointer text-xs font-medium text-slate-600">
          Events of attempt {group.attempt} ({group.events.length})
        </summary>
        <div className="mt-2">
          <EventList events={group.events} label={`Events of attempt ${group.attempt}`} />
        </div>
      </details>
    </section>
  )
}

/** Why a lesson was recalled: its similarity to the task, and the run's task key or tags it shares. */
function RecallWhy({ why }: { why: NonNullable<AttemptGroup['recalled'][number]['why']> }) {
  const reasons = [
    `similarity ${why.similarity.toFixed(2)}`,
    ...(why.taskKey ? [`same task key “${why.taskKey}”`] : []),
    ...(why.tags?.length ? [`shares tag${why.tags.length > 1 ? 's' : ''} ${why.tags.join(', ')}`] : []),
  ]
  return (
    <span className="ml-1 text-xs text-slate-500" data-testid="recall-why">
      — {reasons.join(' · ')}
    </span>
  )
}
