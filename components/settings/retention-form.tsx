'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** The run retention policy: days to keep finished runs, empty to keep them. */
export function RetentionForm({
  action,
  value,
}: {
  action: ServerAction<{ runRetentionDays: number | null }>
  value: number | null
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const error = result && !result.ok ? (result.fieldErrors?.runRetentionDays?.join(' ') ?? result.error) : undefined
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-2" data-testid="retention-form">
      <div className="flex flex-col gap-1">
        <label htmlFor="run-retention-days" className="text-sm font-medium text-slate-800">
          Keep finished runs for (days)
        </label>
        <input
          id="run-retention-days"
          name="runRetentionDays"
          type="number"
          min={1}
          max={3650}
          step={1}
          inputMode="numeric"
          defaultValue={result && !result.ok ? undefined : (value ?? '')}
          placeholder="keep for ever"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'run-retention-days-error' : 'run-retention-days-hint'}
          className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm aria-invalid:border-red-500"
        />
      </div>
      <Button type="submit" variant="secondary" pending={pending} className="min-h-10 px-3 py-1.5">
        Save policy
      </Button>
      <p id="run-retention-days-hint" className="w-full text-xs text-slate-500">
        Empty keeps runs for ever. Queued and running runs are never deleted.
      </p>
      {error ? (
        <p id="run-retention-days-error" role="alert" className="w-full text-sm text-red-700">
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
