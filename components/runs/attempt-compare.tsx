'use client'

import { useState } from 'react'
import { formatScore } from './run-format'
import type { AttemptGroup } from './run-timeline-model'

function Column({ group }: { group: AttemptGroup }) {
  const { summary } = group
  return (
    <div className="min-w-0 space-y-3 text-sm" data-testid="compare-column" data-attempt={group.attempt}>
      <div>
        <p className="text-xs font-medium text-slate-500">Score</p>
        <p className="font-semibold text-slate-900" data-testid="compare-score">
          {formatScore(summary.score)}
          {summary.passed === true ? ' · passed' : summary.passed === false ? ' · not passed' : ''}
        </p>
      </div>
      <div>
        <p className="text-xs font-medium text-slate-500">Lessons in the prompt</p>
        {group.recalled.length ? (
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {group.recalled.map((lesson, position) => (
              <li key={lesson.id ?? position}>{lesson.content}</li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-500">none</p>
        )}
      </div>
      <div>
        <p className="text-xs font-medium text-slate-500">Output</p>
        <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 font-sans text-sm break-words whitespace-pre-wrap text-slate-900">
          {group.output ?? (summary.outOfTurns ? 'No answer: out of turns.' : '—')}
        </pre>
      </div>
      <div>
        <p className="text-xs font-medium text-slate-500">Evaluator feedback</p>
        <p className="break-words whitespace-pre-wrap text-slate-800">{summary.feedback ?? '—'}</p>
      </div>
      <div>
        <p className="text-xs font-medium text-slate-500">Lesson written</p>
        <p className="break-words text-slate-800">{group.produced?.text ?? '—'}</p>
      </div>
    </div>
  )
}

/** Two attempts side by side: score, lessons in the prompt, output, feedback, lesson written. */
export function AttemptCompare({ attempts }: { attempts: AttemptGroup[] }) {
  const [left, setLeft] = useState(attempts[attempts.length - 2]?.attempt ?? 1)
  const [right, setRight] = useState(attempts[attempts.length - 1]?.attempt ?? 1)
  if (attempts.length < 2) return null
  const find = (number: number) => attempts.find((group) => group.attempt === number) ?? attempts[0]
  const picker = (label: string, value: number, change: (value: number) => void, id: string) => (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
      {label}
      <select
        id={id}
        value={value}
        onChange={(event) => change(Number(event.target.value))}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {attempts.map((group) => (
          <option key={group.attempt} value={group.attempt}>
            Attempt {group.attempt}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <section
      aria-labelledby="compare-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="attempt-compare"
    >
      <h2 id="compare-title" className="text-base font-semibold text-slate-900">
        Compare attempts
      </h2>
      <div className="mt-2 flex flex-wrap gap-4">
        {picker('Left', left, setLeft, 'compare-left')}
        {picker('Right', right, setRight, 'compare-right')}
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Column group={find(left)} />
        <Column group={find(right)} />
      </div>
    </section>
  )
}
