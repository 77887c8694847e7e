'use client'

import { useState, type FormEvent } from 'react'
import type { ActionResult } from '@/lib/errors'

/** A server action that asks for an account (what the page passes to a sign-up form). */
export type AccountAction = (
  previous: null,
  form: FormData,
) => Promise<ActionResult<{ email: string; message: string }>>

/**
 * A form that asks for an account (sign up, or accept an invitation with a new account): submits it to
 * `action`. Nothing is signed in: the account exists only once the link mailed to the address is used.
 * `prepare` adds fields the form does not show.
 */
export function useAccountForm(action: AccountAction, prepare?: (form: FormData) => void) {
  const [result, setResult] = useState<ActionResult<{ email: string; message: string }> | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    prepare?.(form)
    setPending(true)
    setResult(await action(null, form))
    setPending(false)
  }

  const errors = result && !result.ok ? result.fieldErrors : undefined
  const sent = result?.ok ? result.data : null
  return { result, pending, errors, submit, sent }
}
