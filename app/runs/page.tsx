import type { Metadata } from 'next'
import Link from 'next/link'
import { AddToDatasetPanel } from '@/components/experiments/add-to-dataset-panel'
import { Suspense } from 'react'
import { RUN_STATUSES, type RunStatusName } from '@/components/runs/run-format'
import { RunsFilter } from '@/components/runs/runs-filter'
import { RunsTable } from '@/components/runs/runs-table'
import { PageHeader } from '@/components/ui/page-header'
import type { Caller } from '@/lib/services/auth/caller'
import { can } from '@/lib/services/auth/permissions'
import { requireCaller } from '@/lib/services/auth/session'
import { listRuns, type ListRunsOptions } from '@/lib/services/runs/queries'
import { notFound } from 'next/navigation'
import { addRunsToDatasetAction } from '@/app/datasets/actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Runs' }

type Search = {
  status?: string | string[]
  q?: string | string[]
  cursor?: string | string[]
  tag?: string | string[]
  taskKey?: string | string[]
}
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined

function pageHref(params: { status?: string; q?: string; cursor?: string; tag?: string; taskKey?: string }): string {
  const search = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
  const query = search.toString()
  return query ? `/runs?${query}` : '/runs'
}

export default async function RunsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const caller = await requireCaller()
  const ownRuns = can(caller.role, 'runs.readOwn')
  if (!ownRuns && !can(caller.role, 'runs.readTenant')) notFound()
  const params = await searchParams
  const statusParam = one(params.status)
  const status = RUN_STATUSES.includes(statusParam as RunStatusName) ? (statusParam as RunStatusName) : undefined
  const q = one(params.q)?.slice(0, 200)
  const cursor = one(params.cursor)?.slice(0, 64)
  const tag = one(params.tag)?.slice(0, 64)
  const taskKey = one(params.taskKey)?.slice(0, 128)
  const canCreate = can(caller.role, 'runs.create')
  const newTask = canCreate ? (
    <Link
      href="/tasks/new"
      className="inline-flex min-h-10 items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
    >
      New task
    </Link>
  ) : null
  // Members and admins see their own runs here; support staff (no runs of their own) see the tenant's.
  const options: ListRunsOptions = {
    status,
    q,
    cursor,
    tag,
    taskKey,
    userId: ownRuns ? caller.userId : undefined,
    limit: 25,
  }
  return (
    <div>
      <PageHeader
        title="Runs"
        description={ownRuns ? 'Your runs, newest first.' : 'Every run of this organisation, newest first.'}
        actions={newTask}
      />
      <RunsFilter status={status} q={q} tag={tag} taskKey={taskKey} />
      <Suspense key={JSON.stringify(options)} fallback={<ListSkeleton />}>
        <RunsPageBody caller={caller} options={options} canCreate={canCreate} showOwner={!ownRuns} />
      </Suspense>
    </div>
  )
}

function ListSkeleton() {
  return (
    <div role="status" aria-live="polite" className="h-72 animate-pulse rounded-lg bg-slate-200">
      <span className="sr-only">Loading runs…</span>
    </div>
  )
}

async function RunsPageBody({
  caller,
  options,
  canCreate,
  showOwner,
}: {
  caller: Caller
  options: ListRunsOptions
  canCreate: boolean
  showOwner: boolean
}) {
  const { runs, nextCursor } = await listRuns(caller, options)
  const { status, q, cursor, tag, taskKey } = options
  return (
    <>
      {runs.length === 0 ? (
        <div
          className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
          data-testid="runs-empty"
        >
          <p className="font-medium text-slate-900">
            {status || q || cursor || tag || taskKey ? 'No runs match these filters.' : 'No runs yet.'}
          </p>
          {canCreate ? (
            <p className="mt-1 text-sm text-slate-600">
              <TextLink href="/tasks/new">Start a new task</TextLink> — the offline demo templates run without any model
              provider.
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <RunsTable runs={runs} showOwner={showOwner} />
          {can(caller.role, 'experiments.manageOwn') ? (
            <div className="mt-4">
              <AddToDatasetPanel
                action={addRunsToDatasetAction}
                caller={caller}
                runIds={runs.map((run) => run.id)}
                label={`Add these ${runs.length} runs to a dataset`}
              />
            </div>
          ) : null}
        </>
      )}
      <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
        {cursor ? <TextLink href={pageHref({ status, q, tag, taskKey })}>Newest runs</TextLink> : <span />}
        {nextCursor ? (
          <TextLink href={pageHref({ status, q, tag, taskKey, cursor: nextCursor })}>Older runs</TextLink>
        ) : null}
      </nav>
    </>
  )
}
