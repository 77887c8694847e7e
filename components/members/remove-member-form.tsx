'use client'

import { useRouter } from 'next/navigation'
import { useActionState, useEffect } from 'react'
import { removeMemberAction } from '@/app/settings/members/actions'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'

/** Removes a member from the tenant, then returns to the member list. */
export function RemoveMemberForm({ membershipId, name }: { membershipId: string; name: string }) {
  const router = useRouter()
  const [result, formAction, pending] = useActionState(removeMemberAction, null)
  useEffect(() => {
    if (result?.ok) router.replace('/settings/members')
  }, [result, router])
  const fieldError = result && !result.ok ? result.fieldErrors?.membershipId?.join(' ') : undefined
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="membershipId" value={membershipId} />
      <p className="text-sm text-slate-600">
        {name} loses access to this organisation. Their account and other organisations stay.
      </p>
      <FormStatus result={result && !result.ok ? { ok: false, error: fieldError ?? result.error } : null} />
      <Button type="submit" variant="danger" pending={pending}>
        Remove {name}
      </Button>
    </form>
  )
}
