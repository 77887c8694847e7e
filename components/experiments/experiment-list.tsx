import Link from 'next/link'
import type { ExperimentSummary } from '@/lib/services/experiments/experiments'

/** What an experiment's state reads as. */
export function experimentState(experiment: ExperimentSummary): string {
  const { progress } = experiment
  if (experiment.status === 'finished') return 'finished'
  if (experiment.status === 'cancelled') return 'cancelled'
  return `${progress.finished + progress.cancelled} of ${progress.total} runs done`
}

/** Experiments, newest first, with their state. */
export function ExperimentList({
  experiments,
  empty = 'No experiments yet: open a dataset and start one.',
}: {
  experiments: ExperimentSummary[]
  /** What an empty list says. */
  empty?: string
}) {
  if (experiments.length === 0) return <p className="text-sm text-slate-600">{empty}</p>
  return (
    <ul className="-my-3 divide-y divide-slate-100" data-testid="experiment-list">
      {experiments.map((experiment) => (
        <li key={experiment.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
          <Link href={`/experiments/${experiment.id}`} className="font-medium text-indigo-700 underline">
            {experiment.name}
          </Link>
          <span className="text-xs text-slate-500">
            {experiment.datasetName} v{experiment.datasetVersion} · {experiment.arms.length} arms ×{' '}
            {experiment.itemCount} tasks × {experiment.repeats} · {experimentState(experiment)}
          </span>
        </li>
      ))}
    </ul>
  )
}
