import type { Metadata } from 'next'
import { revokeInvitationAction } from '@/app/settings/members/actions'
import { ActionButton } from '@/components/admin/action-button'
import { InviteForm } from '@/components/members/invite-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { getTenant, listMembers, listPendingInvitations } from '@/lib/services/tenants/queries'
import { formatDate } from '@/components/lessons/format'
import { inviteMemberAction } from './actions'
import { TextLink } from '@/components/ui/text-link'
import { DataTable } from '@/components/ui/data-table'

export const metadata: Metadata = { title: 'Members' }

export default async function MembersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const caller = await requirePageAccess('members.manage')
  const removed = (await searchParams).removed === '1'
  const [tenant, members, invitations] = await Promise.all([
    getTenant(caller),
    listMembers(caller),
    listPendingInvitations(caller),
  ])
  return (
    <div className="space-y-6">
      <PageHeader title="Members" description={`People in ${tenant.name} and what they may do.`} />
      {removed ? (
        <p
          role="status"
          data-testid="member-removed"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          The member was removed: they no longer have access to {tenant.name}.
        </p>
      ) : null}
      <Card title="Invite someone">
        <InviteForm action={inviteMemberAction} />
      </Card>
      <Card title={`Members (${members.length})`}>
        <DataTable
          bleed
          columns={[
            'Name',
            { label: 'Email', className: 'hidden sm:table-cell' },
            'Role',
            { label: 'Joined', className: 'hidden md:table-cell' },
            { label: 'Actions', visuallyHidden: true },
          ]}
        >
          {members.map((member) => (
            <tr key={member.membershipId} data-testid="member-row" data-email={member.email}>
              <td className="px-5 py-2">
                <span className="font-medium">{member.name}</span>
                {member.userId === caller.userId ? <span className="ml-1 text-xs text-slate-500">(you)</span> : null}
                <span className="block text-xs break-all text-slate-500 sm:hidden">{member.email}</span>
              </td>
              <td className="hidden px-5 py-2 text-slate-600 sm:table-cell">{member.email}</td>
              <td className="px-5 py-2">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium">{member.role}</span>
              </td>
              <td className="hidden px-5 py-2 text-slate-600 md:table-cell">{formatDate(member.joinedAt)}</td>
              <td className="px-5 py-2 text-right">
                <TextLink href={`/settings/members/${member.membershipId}`}>
                  Manage<span className="sr-only"> {member.name}</span>
                </TextLink>
              </td>
            </tr>
          ))}
        </DataTable>
      </Card>
      <Card title="Pending invitations">
        {invitations.length === 0 ? (
          <p className="text-sm text-slate-600">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  {invitation.email ?? 'Anyone with the link'} · {invitation.role}
                </span>
                <span className="flex items-center gap-3 text-slate-500">
                  expires {formatDate(invitation.expiresAt)}
                  <ActionButton
                    action={revokeInvitationAction}
                    fields={{ invitationId: invitation.id }}
                    label="Revoke"
                    pendingLabel="Revoking…"
                    variant="danger"
                    testId="revoke-invitation"
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
