import Link from 'next/link'
import { RecentRunsCard, type RecentRun } from './recent-runs-card'

/** The home of support staff: the tenant's newest failed or interrupted runs, and the way to the console. */
export function SupportHome({ failures }: { failures: RecentRun[] }) {
  return (
    <div className="grid gap-6 lg:max-w-3xl">
      <RecentRunsCard
        title="Newest failed and interrupted runs"
        testId="home-failed-runs"
        runs={failures}
        hrefOf={(run) => `/support/runs/${run.id}`}
        empty="No run of this organisation has failed or been interrupted."
        footer={
          <Link href="/support" className="text-indigo-700 underline">
            Open the support console
          </Link>
        }
      />
    </div>
  )
}
