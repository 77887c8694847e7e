import type { Metadata } from 'next'
import { QuotaForm } from '@/components/settings/quota-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { listMemberQuotas } from '@/lib/services/admin/member-quotas'
import { requirePageAccess } from '@/lib/services/auth/session'
import { usageRates } from '@/lib/services/rate-limit/usage-rates'
import { TableHead } from '@/components/ui/table-head'
import { memberQuotaAction, tenantQuotaAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Run quotas' }

export default async function QuotasPage() {
  const caller = await requirePageAccess('members.manage')
  const { tenantDefault, members } = await listMemberQuotas(caller)
  const rates = usageRates()
  return (
    <div className="space-y-6">
      <PageHeader
        title="Run quotas"
        description={
          <>
            How many runs each person may start per day (counted from midnight UTC).{' '}
            <TextLink href="/settings/members">Manage members</TextLink>
          </>
        }
      />
      <Card title="Default for everyone">
        <p className="mb-3 text-sm text-slate-600">
          Applies to every member without their own quota. Empty = unlimited.
        </p>
        <QuotaForm
          action={tenantQuotaAction}
          value={tenantDefault}
          label="Default daily run quota"
          placeholder="unlimited"
        />
      </Card>
      <Card title="Per-minute limits">
        <p className="mb-3 text-sm text-slate-600">
          Set by whoever runs this installation, for every organisation: they stop one busy account from crowding out
          everyone else.
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="usage-rates">
          {[
            ['Runs each member may start', rates.runsPerMember],
            ['Runs this organisation may start', rates.runsPerTenant],
            ['Support questions each person may ask', rates.supportQuestionsPerUser],
          ].map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium">{value === 0 ? 'no limit' : `${value} a minute`}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={`Per member (${members.length})`}>
        {/* On a phone each member is a block (no sideways scrolling, the own-quota field in full); a table from sm up. */}
        <div className="-mx-5 sm:overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block max-sm:[&_thead]:sr-only sm:min-w-[36rem]">
            <TableHead columns={['Member', 'Today', 'Applies', 'Own quota (empty = default)']} />
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {members.map((member) => (
                <tr
                  key={member.membershipId}
                  data-testid="quota-row"
                  data-email={member.email}
                  className="max-sm:grid max-sm:grid-cols-2 max-sm:py-2"
                >
                  <td className="px-5 py-2 max-sm:col-span-2 max-sm:pb-1">
                    <span className="font-medium">{member.name}</span>
                    <span className="block text-xs text-slate-500">
                      {member.email} · {member.role}
                    </span>
                  </td>
                  <td className="px-5 py-2 max-sm:py-1">
                    <span className="text-xs text-slate-500 sm:hidden">Today: </span>
                    {member.startedToday}
                  </td>
                  <td className="px-5 py-2 max-sm:py-1">
                    <span className="text-xs text-slate-500 sm:hidden">Applies: </span>
                    {member.effective === null ? 'unlimited' : `${member.effective}/day`}
                    {member.override === null ? <span className="block text-xs text-slate-500">default</span> : null}
                  </td>
                  <td className="px-5 py-2 max-sm:col-span-2 max-sm:pt-1">
                    <span className="mb-1 block text-xs text-slate-500 sm:hidden">Own quota (empty = default)</span>
                    <QuotaForm
                      action={memberQuotaAction}
                      membershipId={member.membershipId}
                      value={member.override}
                      label={`Daily run quota of ${member.name}`}
                      placeholder={tenantDefault === null ? 'default' : String(tenantDefault)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  )
}
