import type { Caller } from '@/lib/services/auth/caller'
import { can } from '@/lib/services/auth/permissions'
import { listDatasets } from '@/lib/services/experiments/datasets'
import type { ServerAction } from '@/lib/boundary/actions/action'
import { AddRunsToDatasetForm } from './dataset-forms'

/** "Add to dataset", folded: the caller's datasets to choose from, or a new one. */
export async function AddToDatasetPanel<Data>({
  caller,
  runIds,
  label,
  action,
}: {
  caller: Caller
  runIds: string[]
  label: string
  /** Adds the runs to a dataset (the page's server action). */
  action: ServerAction<Data>
}) {
  const datasets = await listDatasets(caller)
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="add-to-dataset-panel">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">{label}</summary>
      <div className="mt-3">
        <AddRunsToDatasetForm
          action={action}
          runIds={runIds}
          datasets={datasets.map(({ id, name }) => ({ id, name }))}
          mayShare={can(caller.role, 'experiments.manageTenant')}
          label={label}
        />
      </div>
    </details>
  )
}
