'use client'

import { useState, type FormEvent } from 'react'
import { signUpAction } from '@/app/signup/actions'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ActionResult } from '@/lib/errors'
import { useSignInAfter } from './use-sign-in-after'

/** Sign up: a new account and a new organisation, of which the account becomes the admin. */
export function SignUpForm() {
  const [result, setResult] = useState<ActionResult<unknown> | null>(null)
  const [pending, setPending] = useState(false)
  const signInAfter = useSignInAfter()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setPending(true)
    const outcome = await signUpAction(null, form)
    setResult(outcome)
    if (outcome.ok) {
      const problem = await signInAfter(String(form.get('email')), String(form.get('password')))
      if (problem) setResult({ ok: false, error: problem })
    }
    setPending(false)
  }

  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormStatus result={result} />
      <TextField label="Your name" name="name" autoComplete="name" required maxLength={100} errors={errors?.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required errors={errors?.email} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 12 characters." errors={errors?.password} />
      <TextField label="Organisation name" name="tenantName" required maxLength={80} hint="You become its admin; you can invite others." errors={errors?.tenantName} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? 'Creating…' : 'Create organisation'}
      </Button>
    </form>
  )
}
