'use client'

import { useActionState, useState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import { KeepFieldValues } from '@/components/ui/keep-field-values'
import { formatDateTime } from '@/components/runs/run-format'
import { ROLE_OPTIONS } from './role-options'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Invite with a role; on success shows the single-use link once, with a copy button. */
export function InviteForm<Data extends { path: string; expiresAt: Date | string; mailedTo?: string | null }>({
  action,
}: {
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const [copied, setCopied] = useState(false)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const link = result?.ok && typeof window !== 'undefined' ? `${window.location.origin}${result.data.path}` : null
  return (
    <div className="space-y-4">
      <form action={formAction} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start" noValidate>
        <KeepFieldValues result={result} />
        <SelectField label="Role" name="role" defaultValue="member" options={ROLE_OPTIONS} errors={errors?.role} />
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          hint="Only this address may accept; we mail it the link."
          errors={errors?.email}
        />
        <Button type="submit" pending={pending} className="sm:mt-6">
          Create invitation
        </Button>
      </form>
      <FormStatus result={result?.ok ? null : result} />
      {link && result?.ok ? (
        <div role="status" className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3">
          <p className="text-sm font-medium text-emerald-900">
            Invitation created. Copy the link now: it is shown only once.
          </p>
          <div className="flex gap-2">
            <label htmlFor="invitation-link" className="sr-only">
              Invitation link
            </label>
            <input
              id="invitation-link"
              readOnly
              value={link}
              data-testid="invitation-link"
              className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-2 py-1 font-mono text-xs"
            />
            <Button
              type="button"
              variant="secondary"
              onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(true))}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-xs text-emerald-800">
            Valid until {formatDateTime(result.data.expiresAt)}, for one person.
            {result.data.mailedTo ? ` We also mailed it to ${result.data.mailedTo}.` : ''}
          </p>
        </div>
      ) : null}
    </div>
  )
}
