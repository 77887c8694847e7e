'use client'

import { useActionState, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/**
 * Removes a member from the tenant after a confirmation step; the server then returns to the member
 * list, which says the member was removed.
 */
export function RemoveMemberForm<Data>({
  membershipId,
  name,
  action,
}: {
  membershipId: string
  name: string
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const [confirming, setConfirming] = useState(false)
  const fieldError = result && !result.ok ? result.fieldErrors?.membershipId?.join(' ') : undefined
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="membershipId" value={membershipId} />
      <p className="text-sm text-slate-600">
        {name} loses access to this organisation. Their account and other organisations stay.
      </p>
      <FormStatus result={result && !result.ok ? { ok: false, error: fieldError ?? result.error } : null} />
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="remove-member-question"
          className="space-y-3 rounded-md border border-red-200 bg-red-50 p-3"
        >
          <p id="remove-member-question" className="text-sm font-medium text-red-900">
            Remove {name} from this organisation? They lose access at once.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button id="confirm-remove-member" type="submit" variant="danger" pending={pending}>
              Yes, remove {name}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button
          type="button"
          variant="danger"
          onClick={() => {
            setConfirming(true)
            requestAnimationFrame(() => document.getElementById('confirm-remove-member')?.focus())
          }}
        >
          Remove {name}…
        </Button>
      )}
    </form>
  )
}
