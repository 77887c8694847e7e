import type { Metadata } from 'next'
import { MemberRoleForm } from '@/components/members/member-role-form'
import { RemoveMemberForm } from '@/components/members/remove-member-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { orNotFound, requirePageAccess } from '@/lib/services/auth/session'
import { getMember } from '@/lib/services/tenants/queries'
import { changeRoleAction, removeMemberAction } from '../actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Member' }

export default async function MemberPage({ params }: { params: Promise<{ membershipId: string }> }) {
  const caller = await requirePageAccess('members.manage')
  const { membershipId } = await params
  const member = await orNotFound(getMember(caller, membershipId))
  return (
    <div className="space-y-6">
      <p>
        <TextLink href="/settings/members" className="text-sm">
          ← All members
        </TextLink>
      </p>
      <PageHeader title={member.name} description={`${member.email} · ${member.role}`} />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Role">
          <MemberRoleForm action={changeRoleAction} membershipId={member.membershipId} role={member.role} />
        </Card>
        <Card title="Remove from organisation">
          <RemoveMemberForm action={removeMemberAction} membershipId={member.membershipId} name={member.name} />
        </Card>
      </div>
    </div>
  )
}
