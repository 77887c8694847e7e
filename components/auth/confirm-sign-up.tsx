'use client'

import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ActionResult } from '@/lib/errors'
import { TextLink } from '@/components/ui/text-link'

/**
 * The button that uses a sign-up link. A click, not the page load, creates the account: mail scanners
 * that open every link must not confirm an address on their own.
 */
export function ConfirmSignUp({
  token,
  label,
  action,
}: {
  token: string
  label: string
  action: (previous: null, input: { token: string }) => Promise<ActionResult<{ email: string }>>
}) {
  const [result, setResult] = useState<ActionResult<{ email: string }> | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    setResult(await action(null, { token }))
    setPending(false)
  }

  if (result?.ok)
    return (
      <div role="status" data-testid="sign-up-confirmed" className="space-y-3 text-sm text-slate-700">
        <p className="font-medium text-slate-900">Your address is confirmed and your account is ready.</p>
        <TextLink href="/signin" className="inline-block font-medium">
          Sign in
        </TextLink>
      </div>
    )
  return (
    <form onSubmit={submit} className="space-y-4">
      <FormStatus result={result} />
      <Button type="submit" pending={pending} className="w-full">
        {label}
      </Button>
    </form>
  )
}
