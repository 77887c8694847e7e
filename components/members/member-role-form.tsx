'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import { ROLE_OPTIONS } from './role-options'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Changes one member's role. */
export function MemberRoleForm<Data>({
  membershipId,
  role,
  action,
}: {
  membershipId: string
  role: string
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="membershipId" value={membershipId} />
      <SelectField label="Role" name="role" defaultValue={role} options={ROLE_OPTIONS} errors={errors?.role} />
      <FormStatus result={result} success="Role saved." />
      <Button type="submit" pending={pending}>
        Save role
      </Button>
    </form>
  )
}
