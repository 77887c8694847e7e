import { RecentRunsCard, type RecentRun } from './recent-runs-card'
import { TextLink } from '@/components/ui/text-link'

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
        footer={<TextLink href="/support">Open the support console</TextLink>}
      />
    </div>
  )
}
