import type { Metadata } from 'next'
import Link from 'next/link'
import { CreateDatasetForm } from '@/components/experiments/dataset-forms'
import { ExperimentList } from '@/components/experiments/experiment-list'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { can } from '@/lib/services/auth/permissions'
import { requirePageAccess } from '@/lib/services/auth/session'
import { listDatasets } from '@/lib/services/experiments/datasets'
import { listExperiments } from '@/lib/services/experiments/experiments'
import { createDatasetAction } from './actions'

export const metadata: Metadata = { title: 'Datasets and experiments' }

export default async function DatasetsPage() {
  const caller = await requirePageAccess('experiments.manageOwn')
  const [datasets, experiments] = await Promise.all([listDatasets(caller), listExperiments(caller)])
  const mayShare = can(caller.role, 'experiments.manageTenant')
  return (
    <div className="space-y-6">
      <PageHeader
        title="Datasets and experiments"
        description="Replay a list of tasks with and without lessons to learn, from evidence, which lessons help."
      />
      <Card title={`Datasets (${datasets.length})`}>
        {datasets.length === 0 ? (
          <p className="text-sm text-slate-600">
            No datasets yet. Create one below, or use “Add to dataset” on a run or on a filtered list of runs.
          </p>
        ) : (
          <ul className="-my-3 divide-y divide-slate-100" data-testid="dataset-list">
            {datasets.map((dataset) => (
              <li key={dataset.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                <Link href={`/datasets/${dataset.id}`} className="font-medium text-indigo-700 underline">
                  {dataset.name}
                </Link>
                <span className="text-xs text-slate-500">
                  {dataset.itemCount} task{dataset.itemCount === 1 ? '' : 's'} · version {dataset.version} ·{' '}
                  {dataset.shared ? 'organisation' : 'yours'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Experiments (${experiments.length})`}>
        <ExperimentList experiments={experiments} />
      </Card>
      <Card title="New dataset">
        <CreateDatasetForm action={createDatasetAction} mayShare={mayShare} />
      </Card>
    </div>
  )
}
