import { Card } from '@/components/ui/card'
import type { LessonCounts } from '@/lib/services/lessons/lesson-counts'
import { DEMO_SCENARIOS } from '@/lib/adapters/models/demo/scenarios'
import { CountLink } from './count-link'
import { FirstVisit } from './first-visit'
import { RecentRunsCard, type RecentRun } from './recent-runs-card'
import { StartTaskCard } from './start-task-card'
import { TextLink } from '@/components/ui/text-link'

/**
 * The home of members and admins: start a demo task (when `modelLabel` is given: the caller may start runs),
 * their own last runs, their lessons; admins also the review queue. The page loads what it shows.
 */
export function MemberHome({
  runs,
  counts,
  modelLabel,
}: {
  runs: RecentRun[]
  counts: LessonCounts
  modelLabel: string | null
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="grid content-start gap-6 lg:col-span-2">
        {runs.length === 0 ? <FirstVisit /> : null}
        {modelLabel !== null ? <StartTaskCard scenarios={DEMO_SCENARIOS} modelLabel={modelLabel} /> : null}
        <RecentRunsCard
          title="Your recent runs"
          testId="home-recent-runs"
          runs={runs}
          hrefOf={(run) => `/runs/${run.id}`}
          empty="You have no runs yet: start one from a demo task above."
          footer={runs.length > 0 ? <TextLink href="/runs">All your runs</TextLink> : null}
        />
      </div>
      <div className="grid content-start gap-6">
        {counts.own !== null ? (
          <Card title="Your lessons">
            <CountLink href="/lessons" count={counts.own} one="lesson" many="lessons" testId="home-own-lessons" />
            <p className="mt-2 text-xs text-slate-600">
              Written by your runs after a failed attempt, recalled by your next ones.
            </p>
          </Card>
        ) : null}
        {counts.pendingProposals !== null && counts.shared !== null ? (
          <Card title="Team lessons">
            <div className="grid gap-2">
              <CountLink
                href="/admin/review"
                count={counts.pendingProposals}
                one="proposal waiting for review"
                many="proposals waiting for review"
                testId="home-pending-proposals"
              />
              <CountLink
                href="/admin/lessons"
                count={counts.shared}
                one="shared lesson"
                many="shared lessons"
                testId="home-shared-lessons"
              />
            </div>
          </Card>
        ) : null}
      </div>
    </div>
  )
}
