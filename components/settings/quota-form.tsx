'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { KeepFieldValues } from '@/components/ui/keep-field-values'
import type { ServerAction } from '@/lib/boundary/actions/action'

/**
 * A runs-per-day number: the tenant default (no membershipId) or one member's override; `action` is the
 * page's server action for that one.
 */
export function QuotaForm<Data>({
  action,
  membershipId,
  value,
  label,
  placeholder,
}: {
  membershipId?: string
  value: number | null
  label: string
  placeholder: string
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const name = membershipId ? 'runQuota' : 'dailyRunQuota'
  const id = membershipId ? `quota-${membershipId}` : 'tenant-quota'
  const error = result && !result.ok ? (result.fieldErrors?.[name]?.join(' ') ?? result.error) : undefined
  return (
    <form
      action={formAction}
      className="flex flex-wrap items-start gap-2"
      data-testid={membershipId ? 'member-quota-form' : 'tenant-quota-form'}
    >
      <KeepFieldValues result={result} />
      {membershipId ? <input type="hidden" name="membershipId" value={membershipId} /> : null}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        min={0}
        max={100000}
        step={1}
        inputMode="numeric"
        defaultValue={value ?? ''}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-28 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm aria-invalid:border-red-500"
      />
      <Button type="submit" variant="secondary" pending={pending} className="min-h-10 px-3 py-1.5">
        Save<span className="sr-only"> {label}</span>
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="w-full text-xs text-emerald-700">
          Saved.
        </p>
      ) : null}
    </form>
  )
}
