import type { Metadata } from 'next'
import { formatDate } from '@/components/lessons/format'
import { RetentionForm } from '@/components/settings/retention-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { getRetentionView } from '@/lib/services/retention/retention-service'
import { retentionAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Data retention' }

export default async function DataRetentionPage() {
  const caller = await requirePageAccess('settings.manage')
  const view = await getRetentionView(caller)
  return (
    <div className="space-y-6">
      <PageHeader
        title="Data retention"
        description={
          <>
            How long your organisation keeps finished runs and their event logs.{' '}
            <TextLink href="/settings">Back to settings</TextLink>
          </>
        }
      />
      <Card title="Runs and their events">
        <div className="space-y-4 text-sm text-slate-700">
          <RetentionForm action={retentionAction} value={view.runRetentionDays} />
          <p>
            A job deletes runs past the policy every hour, in batches, and writes each batch to the audit log. Lessons
            learned from a deleted run stay, with their origin kept as text.
          </p>
        </div>
      </Card>
      <Card title="Next deletion">
        {view.runRetentionDays === null ? (
          <p className="text-sm text-slate-600" data-testid="retention-due">
            No policy: nothing is deleted.
          </p>
        ) : (
          <div className="space-y-3 text-sm text-slate-700">
            <p data-testid="retention-due">
              {view.dueRuns === 0
                ? `No finished run is older than ${view.runRetentionDays} days.`
                : `${view.dueRuns} finished ${view.dueRuns === 1 ? 'run is' : 'runs are'} older than ${view.runRetentionDays} days (the oldest from ${formatDate(view.oldestDue!)}) and will be deleted at the next hourly purge.`}
            </p>
            {view.dueRuns > 0 ? (
              <a
                href="/api/retention/export"
                className="inline-block rounded-md border border-slate-300 px-3 py-1.5 font-medium text-indigo-700 hover:bg-slate-50"
                download
              >
                Export them first (JSON Lines)
              </a>
            ) : null}
          </div>
        )}
      </Card>
    </div>
  )
}
