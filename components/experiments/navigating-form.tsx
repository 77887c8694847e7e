'use client'

import { useRouter } from 'next/navigation'
import { useActionState, useEffect, type ReactNode } from 'react'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'
import type { ActionResult } from '@/lib/errors'

/** What a form's children get: the last result (for field errors) and whether it is pending. */
export type FormState = { result: ActionResult<unknown> | null; pending: boolean }

/**
 * A form over a server action that goes to `data.href` when the action returns one (a new experiment,
 * a dataset), and otherwise shows the outcome; children render the fields with their errors.
 */
export function NavigatingForm<Data>({
  action,
  children,
  success,
  className = 'space-y-3',
  testId,
  label,
}: {
  action: ServerAction<Data>
  children: (state: FormState) => ReactNode
  success?: string
  className?: string
  testId?: string
  label?: string
}) {
  const router = useRouter()
  const [result, formAction, pending] = useActionState(action, null)
  useEffect(() => {
    const data = result?.ok ? (result.data as { href?: unknown } | undefined) : undefined
    if (data && typeof data.href === 'string') router.push(data.href)
  }, [result, router])
  return (
    <form action={formAction} className={className} data-testid={testId} aria-label={label}>
      {children({ result: result as ActionResult<unknown> | null, pending })}
      <FormStatus result={result} success={success} />
    </form>
  )
}

/** The errors of one field in a result. */
export function fieldErrors(result: ActionResult<unknown> | null, name: string): string[] | undefined {
  return result && !result.ok ? result.fieldErrors?.[name] : undefined
}
