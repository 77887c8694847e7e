'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** A one-button form whose action answers with a connection check's outcome (shown as success or error). */
export function CheckButton({
  action,
  fields,
  label,
  testId,
}: {
  action: ServerAction<{ ok: boolean; message: string }>
  fields: Record<string, string>
  label: string
  testId?: string
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const failed = result?.ok && !result.data.ok
  return (
    <form action={formAction} className="space-y-2" data-testid={testId}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="secondary" pending={pending} className="min-h-9 px-3 py-1.5">
        {pending ? 'Checking…' : label}
      </Button>
      {failed ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.data.message}
        </p>
      ) : (
        <FormStatus result={result} success={result?.ok ? result.data.message : undefined} />
      )}
    </form>
  )
}
