'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** A one-button form for a server action (delete, retire, propose…), with its hidden fields and outcome. */
export function ActionButton<Data>({
  action,
  fields,
  label,
  pendingLabel,
  variant = 'secondary',
  success,
  testId,
}: {
  action: ServerAction<Data>
  fields: Record<string, string>
  label: string
  pendingLabel?: string
  variant?: 'primary' | 'secondary' | 'danger'
  success?: string
  testId?: string
}) {
  const [result, formAction, pending] = useActionState(action, null)
  return (
    <form action={formAction} className="inline-flex flex-col gap-2" data-testid={testId}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} pending={pending} className="min-h-10 px-3 py-1.5">
        {pending ? (pendingLabel ?? label) : label}
      </Button>
      <FormStatus result={result} success={success} />
    </form>
  )
}
