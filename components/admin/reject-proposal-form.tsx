'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Rejects a proposal with a reason the member sees on their lessons page. */
export function RejectProposalForm<Data>({ proposalId, action }: { proposalId: string; action: ServerAction<Data> }) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const id = `reject-${proposalId}`
  return (
    <form action={formAction} className="space-y-2" data-testid="reject-form">
      <input type="hidden" name="proposalId" value={proposalId} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Reason (the member sees it)
      </label>
      <textarea
        id={id}
        name="reason"
        rows={2}
        maxLength={1000}
        aria-invalid={errors?.reason?.length ? true : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm aria-invalid:border-red-500"
      />
      {errors?.reason?.length ? (
        <p className="text-sm text-red-700" data-field-error="reason">
          {errors.reason.join(' ')}
        </p>
      ) : null}
      <FormStatus result={result} success="Rejected: the member sees your reason." />
      <Button type="submit" variant="danger" pending={pending}>
        Reject
      </Button>
    </form>
  )
}
