'use client'

import { useState, type FormEvent } from 'react'
import type { ActionResult } from '@/lib/errors'
import { useSignInAfter } from './use-sign-in-after'

type AccountAction = (previous: null, form: FormData) => Promise<ActionResult<unknown>>

/**
 * A form that creates an account (sign up, or accept an invitation with a new account): submits it
 * to `action`, then signs the new account in. `prepare` adds fields the form does not show.
 */
export function useAccountForm(action: AccountAction, prepare?: (form: FormData) => void) {
  const [result, setResult] = useState<ActionResult<unknown> | null>(null)
  const [pending, setPending] = useState(false)
  const signInAfter = useSignInAfter()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    prepare?.(form)
    setPending(true)
    const outcome = await action(null, form)
    setResult(outcome)
    if (outcome.ok) {
      const problem = await signInAfter(String(form.get('email')), String(form.get('password')))
      if (problem) setResult({ ok: false, error: problem })
    }
    setPending(false)
  }

  const errors = result && !result.ok ? result.fieldErrors : undefined
  return { result, pending, errors, submit }
}
