import type { Metadata } from 'next'
import { AuditDetails } from '@/components/admin/audit-details'
import { AuditFilters } from '@/components/admin/audit-filters'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { parseDayRange } from '@/lib/boundary/actions/day-range'
import { searchAuditLog } from '@/lib/services/admin/audit-search'
import { requirePageAccess } from '@/lib/services/auth/session'
import { formatDateTime } from '@/components/runs/run-format'
import { TextLink } from '@/components/ui/text-link'
import { DataTable } from '@/components/ui/data-table'

export const metadata: Metadata = { title: 'Audit log' }

type Params = { action?: string; actor?: string; from?: string; to?: string; page?: string }

const text = (value: string | undefined, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')

export default async function AuditPage({ searchParams }: { searchParams: Promise<Params> }) {
  const caller = await requirePageAccess('audit.read')
  const params = await searchParams
  // A day that does not exist is named in a message and left out of the filter (it was a 500).
  const { range, errors } = parseDayRange({ from: text(params.from, 40), to: text(params.to, 40) })
  const value = {
    action: text(params.action, 100),
    actor: text(params.actor, 64),
    from: errors.from ? '' : text(params.from, 10),
    to: errors.to ? '' : text(params.to, 10),
  }
  const result = await searchAuditLog(caller, {
    action: value.action || undefined,
    actorId: value.actor || undefined,
    from: range.from,
    to: range.to,
    page: Number(params.page) || 1,
  })
  const dateErrors = [errors.from, errors.to].filter(Boolean)
  const link = (page: number) =>
    `/admin/audit?${new URLSearchParams({ ...Object.fromEntries(Object.entries(value).filter(([, item]) => item)), page: String(page) })}`
  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description="Every admin and support action in this organisation: who, when, and what changed. Times are UTC."
      />
      <Card>
        <AuditFilters actions={result.actions} actors={result.actors} value={value} />
        {dateErrors.length > 0 ? (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {dateErrors.join(' ')} Showing entries without that date limit.
          </p>
        ) : null}
      </Card>
      <Card title={`${result.total} entr${result.total === 1 ? 'y' : 'ies'}`}>
        {result.entries.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="no-audit">
            No entries match these filters.
          </p>
        ) : (
          <DataTable
            bleed
            className="min-w-[40rem]"
            bodyClassName="align-top"
            columns={['When', 'Who', 'Action', 'What changed']}
          >
            {result.entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                <td className="px-5 py-2 whitespace-nowrap text-slate-600">{formatDateTime(entry.createdAt)}</td>
                <td className="px-5 py-2">
                  {entry.actor ? (
                    <>
                      {entry.actor.name}
                      <span className="block text-xs text-slate-500">{entry.actor.email}</span>
                    </>
                  ) : (
                    <span className="text-slate-500">system</span>
                  )}
                </td>
                <td className="px-5 py-2">
                  <span className="font-mono text-xs">{entry.action}</span>
                  <span className="block text-xs text-slate-500">
                    {entry.targetType}
                    {entry.targetId ? ` ${entry.targetId.slice(-8)}` : ''}
                  </span>
                </td>
                <td className="max-w-md px-5 py-2">
                  <AuditDetails details={entry.details} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {result.pageCount > 1 ? (
          <nav aria-label="Audit pages" className="mt-4 flex items-center justify-between text-sm">
            {result.page > 1 ? <TextLink href={link(result.page - 1)}>← Newer</TextLink> : <span />}
            <span className="text-slate-600">
              Page {result.page} of {result.pageCount}
            </span>
            {result.page < result.pageCount ? <TextLink href={link(result.page + 1)}>Older →</TextLink> : <span />}
          </nav>
        ) : null}
      </Card>
    </div>
  )
}
