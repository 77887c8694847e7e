import Link from 'next/link'
import type { Caller } from '@/lib/auth/caller'
import { FAILURE_STATUSES, listSupportRuns } from '@/lib/support/support-queries'
import { RecentRunsCard } from './recent-runs-card'

/** The home of support staff: the tenant's newest failed or interrupted runs, and the way to the console. */
export async function SupportHome({ caller }: { caller: Caller }) {
  // The console's list puts failures first, newest first; the first five rows hold the newest five failures.
  const { runs } = await listSupportRuns(caller, {}, { limit: 5 })
  const failures = runs.filter((run) => FAILURE_STATUSES.includes(run.status))
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
