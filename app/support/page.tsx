import type { Metadata } from 'next'
import { z } from 'zod'
import { SupportFilters, type SupportFilterValues } from '@/components/support/support-filters'
import { SupportRunList } from '@/components/support/support-run-list'
import { PageHeader } from '@/components/ui/page-header'
import { parseDayRange } from '@/lib/boundary/actions/day-range'
import { orNotFound, requirePageAccess } from '@/lib/services/auth/session'
import { AppError } from '@/lib/errors'
import { listSupportRuns, listTenantPeople, type SupportRunFilters } from '@/lib/services/support/support-queries'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Support' }

const text = z.string().trim().max(200).catch('')
const day = z.string().trim().max(40).catch('')
const querySchema = z.object({
  status: z.enum(['failed', 'interrupted', 'succeeded', 'running', 'queued', 'cancelled', '']).catch(''),
  user: text,
  q: text,
  from: day,
  to: day,
  cursor: z.string().max(500).catch(''),
})

// A day that does not exist (2026-13-45) is a message and no limit, never an invalid Date in the query.
function toFilters(values: z.infer<typeof querySchema>): { filters: SupportRunFilters; dateErrors: string[] } {
  const { range, errors } = parseDayRange({ from: values.from, to: values.to })
  const filters = {
    status: values.status || undefined,
    userId: values.user || undefined,
    q: values.q || undefined,
    from: range.from,
    to: range.to ? new Date(range.to.getTime() + 86_400_000) : undefined,
  }
  return { filters, dateErrors: [errors.from, errors.to].filter((error): error is string => Boolean(error)) }
}

export default async function SupportConsolePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const caller = await requirePageAccess('support.console')
  const raw = Object.fromEntries(
    Object.entries(await searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : (value ?? '')]),
  )
  const values = querySchema.parse(
    Object.fromEntries(Object.keys(querySchema.shape).map((key) => [key, raw[key] ?? ''])),
  )
  const people = await listTenantPeople(caller)
  const { filters, dateErrors } = toFilters(values)
  let result: Awaited<ReturnType<typeof listSupportRuns>> | null = null
  try {
    result = await orNotFound(listSupportRuns(caller, filters, { cursor: values.cursor || undefined, limit: 25 }))
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'bad_request')) throw error
  }
  const filterValues: SupportFilterValues = {
    status: values.status,
    user: values.user,
    from: filters.from ? values.from : '',
    to: filters.to ? values.to : '',
    q: values.q,
  }
  const keep = new URLSearchParams(Object.entries(filterValues).filter(([, value]) => value))
  const pageLink = (cursor: string) => `/support?${new URLSearchParams([...keep, ['cursor', cursor]])}`
  return (
    <div className="space-y-6">
      <PageHeader
        title="Support console"
        description="Every run of this organisation, failed and interrupted runs first. Open one to ask the support agent why."
      />
      <SupportFilters values={filterValues} people={people} />
      {dateErrors.length > 0 ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {dateErrors.join(' ')} Showing runs without that date limit.
        </p>
      ) : null}
      {result ? (
        <SupportRunList runs={result.runs} />
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          That page link is no longer valid.
        </p>
      )}
      <nav aria-label="Pages" className="flex justify-between text-sm">
        {values.cursor ? <TextLink href={`/support?${keep}`}>← First page</TextLink> : <span />}
        {result?.nextCursor ? (
          <TextLink href={pageLink(result.nextCursor)} rel="next">
            Next page →
          </TextLink>
        ) : null}
      </nav>
    </div>
  )
}
