import type { Metadata } from 'next'
import Link from 'next/link'
import { AddItemForm, StartExperimentForm, UploadItemsForm } from '@/components/experiments/dataset-forms'
import { RemoveItemButton } from '@/components/experiments/experiment-buttons'
import { ExperimentList } from '@/components/experiments/experiment-list'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { orNotFound, requirePageAccess } from '@/lib/services/auth/session'
import { getDataset } from '@/lib/services/experiments/datasets'
import { listExperiments } from '@/lib/services/experiments/experiments'
import { listSharedLessons } from '@/lib/services/lessons/shared-lessons'
import {
  addDatasetItemAction,
  removeDatasetItemAction,
  startExperimentAction,
  uploadDatasetItemsAction,
} from '../actions'

export const metadata: Metadata = { title: 'Dataset' }

export default async function DatasetPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>
  searchParams: Promise<{ version?: string }>
}) {
  const caller = await requirePageAccess('experiments.manageOwn')
  const { id } = await params
  const version = Number((await searchParams).version) || undefined
  const dataset = await orNotFound(getDataset(caller, id, version))
  const [experiments, lessons] = await Promise.all([
    listExperiments(caller, { datasetId: id }),
    listSharedLessons(caller, {}),
  ])
  const latest = dataset.shownVersion === dataset.version
  return (
    <div className="space-y-6">
      <PageHeader
        title={dataset.name}
        description={
          <>
            {dataset.description ? `${dataset.description} · ` : ''}
            {dataset.shared ? 'The organisation’s dataset' : 'Your dataset'} · version {dataset.shownVersion} of{' '}
            {dataset.version} ·{' '}
            <Link href="/datasets" className="text-indigo-700 underline">
              all datasets
            </Link>
          </>
        }
      />
      {latest && dataset.itemCount > 0 ? (
        <Card title="Start an experiment">
          <StartExperimentForm
            action={startExperimentAction}
            datasetId={dataset.id}
            defaultName={`${dataset.name}: with and without lessons`}
            lessons={lessons.filter((lesson) => lesson.status === 'active').map(({ id, content }) => ({ id, content }))}
          />
        </Card>
      ) : null}
      <Card title={`Tasks (${dataset.items.length})`}>
        {dataset.items.length === 0 ? (
          <p className="text-sm text-slate-600">No tasks yet: add them by hand or upload JSON Lines below.</p>
        ) : (
          <ol className="-my-3 divide-y divide-slate-100" data-testid="dataset-items">
            {dataset.items.map((item, position) => (
              <li key={position} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm break-words text-slate-900">
                    <span className="text-slate-500">{position + 1}. </span>
                    {item.title || item.prompt}
                  </p>
                  <p className="text-xs text-slate-500">
                    {item.evaluator.kind} · {item.reflexion.maxAttempts} attempts · threshold {item.reflexion.threshold}
                    {item.taskKey ? ` · key ${item.taskKey}` : ''}
                    {item.tags.length ? ` · #${item.tags.join(' #')}` : ''}
                  </p>
                </div>
                {latest ? (
                  <RemoveItemButton action={removeDatasetItemAction} datasetId={dataset.id} position={position} />
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card title={`Experiments (${experiments.length})`}>
        <ExperimentList experiments={experiments} empty="No experiments on this dataset yet: start one above." />
      </Card>
      {latest ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Add a task by hand">
            <AddItemForm action={addDatasetItemAction} datasetId={dataset.id} />
          </Card>
          <Card title="Upload tasks (JSON Lines)">
            <UploadItemsForm action={uploadDatasetItemsAction} datasetId={dataset.id} />
          </Card>
        </div>
      ) : null}
      <Card title="Versions">
        <ul className="flex flex-wrap gap-3 text-sm">
          {dataset.versions.map((entry) => (
            <li key={entry.version}>
              <Link
                href={`/datasets/${dataset.id}?version=${entry.version}`}
                className="text-indigo-700 underline"
                aria-current={entry.version === dataset.shownVersion ? 'page' : undefined}
              >
                v{entry.version}
              </Link>{' '}
              <span className="text-xs text-slate-500">({entry.itemCount} tasks)</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}
