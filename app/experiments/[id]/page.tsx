import type { Metadata } from 'next'
import Link from 'next/link'
import { AutoRefresh } from '@/components/experiments/auto-refresh'
import { CancelExperimentButton } from '@/components/experiments/experiment-buttons'
import { experimentState } from '@/components/experiments/experiment-list'
import { VerdictBadge } from '@/components/experiments/verdict-badge'
import { ActionButton } from '@/components/admin/action-button'
import { retireSharedLessonAction } from '@/app/admin/lessons/actions'
import { percent } from '@/components/lessons/format'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { TableHead } from '@/components/ui/table-head'
import { can } from '@/lib/services/auth/permissions'
import { orNotFound, requirePageAccess } from '@/lib/services/auth/session'
import { getExperimentResults } from '@/lib/services/experiments/experiment-results'
import { cancelExperimentAction } from '../actions'

export const metadata: Metadata = { title: 'Experiment' }

const number = (value: number | null, digits = 1) => (value === null ? '—' : value.toFixed(digits))
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`)

export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageAccess('experiments.manageOwn')
  const { id } = await params
  const { experiment, items, results, lessons } = await orNotFound(getExperimentResults(caller, id))
  const { progress } = experiment
  const done = progress.finished + progress.cancelled
  const mayRetire = can(caller.role, 'lessons.curateShared')
  return (
    <div className="space-y-6">
      {experiment.status === 'running' ? <AutoRefresh /> : null}
      <PageHeader
        title={experiment.name}
        description={
          <>
            <Link href={`/datasets/${experiment.datasetId}`} className="text-indigo-700 underline">
              {experiment.datasetName}
            </Link>{' '}
            version {experiment.datasetVersion} · {experiment.arms.length} arms × {experiment.itemCount} tasks ×{' '}
            {experiment.repeats} repeat{experiment.repeats === 1 ? '' : 's'}
          </>
        }
        actions={
          experiment.status === 'running' ? (
            <CancelExperimentButton action={cancelExperimentAction} experimentId={experiment.id} />
          ) : null
        }
      />
      <Card title="Progress">
        <p className="text-sm text-slate-800" data-testid="experiment-state" data-status={experiment.status}>
          {experimentState(experiment)}
          {experiment.status === 'running' ? ` · ${progress.running} running, ${progress.queued} queued` : ''}
        </p>
        <div
          className="mt-2 h-2 w-full overflow-hidden rounded bg-slate-100"
          role="progressbar"
          aria-label="Runs done"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={done}
        >
          <div
            className="h-full bg-indigo-500"
            style={{ width: `${progress.total ? (100 * done) / progress.total : 0}%` }}
          />
        </div>
        {experiment.waitingReason ? (
          <p className="mt-2 text-sm text-amber-800" role="status">
            {experiment.waitingReason}
          </p>
        ) : null}
      </Card>
      <Card title="Verdict">
        <ul className="space-y-3" data-testid="verdicts">
          {results.comparisons.map((comparison) => (
            <li key={comparison.arm} className="space-y-1">
              <p className="text-sm text-slate-800">
                <strong>{comparison.label}</strong> against <strong>{experiment.arms[0].label}</strong>:{' '}
                <VerdictBadge kind={comparison.verdict.kind} label={comparison.verdict.label} />
              </p>
              <p className="text-xs text-slate-500">
                {experiment.status === 'running' ? 'So far, with the runs done: pass rate' : 'Pass rate'}, paired by
                task: {plural(comparison.verdict.pairs, 'pair')}, sign test p = {comparison.verdict.pValue.toFixed(3)},
                95% bootstrap interval
                {comparison.unpaired
                  ? `; ${plural(comparison.unpaired, 'task')} without a scored run in both arms${experiment.status === 'running' ? ' yet' : ''}`
                  : ''}
                . Mean best-score difference {comparison.meanScorePoints ?? '—'} pts.
              </p>
              {comparison.lessonIds.map((lessonId) => {
                const lesson = lessons.get(lessonId)
                return (
                  <div key={lessonId} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                    <span>Lesson: “{lesson?.content ?? 'a deleted lesson'}”</span>
                    {lesson?.status === 'retired' ? <span className="text-xs text-slate-500">(retired)</span> : null}
                    {comparison.verdict.kind === 'hurts' && lesson?.status === 'active' && mayRetire ? (
                      <ActionButton
                        action={retireSharedLessonAction}
                        fields={{ lessonId }}
                        label="Retire this lesson"
                        variant="danger"
                        success="Retired: no run recalls it any more."
                        testId="retire-harmful"
                      />
                    ) : null}
                  </div>
                )
              })}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500" data-testid="excluded">
          Left out of every figure: {results.excludedInfrastructure} run
          {results.excludedInfrastructure === 1 ? '' : 's'} interrupted by infrastructure (provider error, model
          configuration, lost worker) and {results.excludedCancelled} cancelled.
        </p>
      </Card>
      <Card title="Arms">
        <div className="-mx-5 overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <TableHead
              columns={[
                'Arm',
                'Pass rate',
                'Mean best score',
                'Attempts to pass',
                'Tokens / run',
                'Cost',
                'Time / run',
                'Runs',
              ]}
            />
            <tbody className="divide-y divide-slate-100">
              {results.arms.map((arm) => (
                <tr key={arm.label}>
                  <th scope="row" className="px-5 py-2 font-medium text-slate-900">
                    {arm.label}
                  </th>
                  <td className="px-5 py-2 whitespace-nowrap">{percent(arm.passRate)}</td>
                  <td className="px-5 py-2 whitespace-nowrap">{number(arm.meanBestScore, 2)}</td>
                  <td className="px-5 py-2 whitespace-nowrap">{number(arm.meanAttemptsToPass)}</td>
                  <td className="px-5 py-2 whitespace-nowrap">{number(arm.meanTokens, 0)}</td>
                  <td className="px-5 py-2 whitespace-nowrap">
                    {arm.costUsd === null ? '—' : `$${arm.costUsd.toFixed(4)}`}
                  </td>
                  <td className="px-5 py-2 whitespace-nowrap">{seconds(arm.meanDurationMs)}</td>
                  <td className="px-5 py-2 text-xs text-slate-500">
                    {arm.scored} scored
                    {arm.infrastructure ? `, ${arm.infrastructure} infrastructure` : ''}
                    {arm.cancelled ? `, ${arm.cancelled} cancelled` : ''}
                    {arm.unfinished ? `, ${arm.unfinished} to go` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title="Per task">
        <ol className="space-y-4" data-testid="per-item">
          {results.items.map((item) => (
            <li key={item.item} className="rounded-md border border-slate-200 p-3">
              <p className="text-sm font-medium text-slate-900">
                {item.item + 1}. {items[item.item]?.title || items[item.item]?.prompt}
              </p>
              <div className={`mt-2 grid gap-3 md:grid-cols-2 ${experiment.arms.length > 2 ? 'xl:grid-cols-3' : ''}`}>
                {item.arms.map((runs, arm) => (
                  <div key={arm} className="min-w-0 rounded bg-slate-50 p-2 text-xs">
                    <p className="font-semibold text-slate-700">{experiment.arms[arm].label}</p>
                    {runs.length === 0 ? <p className="text-slate-500">not run yet</p> : null}
                    {runs.map((run) => (
                      <div key={run.runId} className="mt-1 space-y-0.5">
                        <p>
                          <Link href={`/runs/${run.runId}`} className="text-indigo-700 underline">
                            {run.standing === 'scored'
                              ? run.passed
                                ? 'passed'
                                : 'failed'
                              : run.standing === 'infrastructure'
                                ? `left out (${run.interruptionReason})`
                                : run.standing}
                          </Link>{' '}
                          · score {number(run.bestScore, 2)}
                        </p>
                        {run.output ? <p className="break-words text-slate-700">{run.output.slice(0, 300)}</p> : null}
                        <p className="text-slate-500">
                          Recalled:{' '}
                          {run.recalled.length === 0
                            ? 'nothing'
                            : run.recalled.map((lesson) => `“${lesson.content}”`).join(', ')}
                        </p>
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ol>
      </Card>
    </div>
  )
}
