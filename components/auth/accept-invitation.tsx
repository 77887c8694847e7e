'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { acceptInvitationAction, acceptInvitationWithAccountAction } from '@/app/invite/[code]/actions'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ActionResult } from '@/lib/errors'
import { useSignInAfter } from './use-sign-in-after'

/** Joins with the signed-in account. */
export function JoinAsSignedInUser({ code, tenantName }: { code: string; tenantName: string }) {
  const router = useRouter()
  const [result, setResult] = useState<ActionResult<unknown> | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    const outcome = await acceptInvitationAction(null, { code })
    setResult(outcome)
    setPending(false)
    if (outcome.ok) {
      router.replace('/')
      router.refresh()
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <FormStatus result={result} />
      <Button type="submit" pending={pending} className="w-full">
        Join {tenantName}
      </Button>
    </form>
  )
}

/** Creates an account and joins with it. */
export function JoinWithNewAccount({ code, email }: { code: string; email: string | null }) {
  const [result, setResult] = useState<ActionResult<unknown> | null>(null)
  const [pending, setPending] = useState(false)
  const signInAfter = useSignInAfter()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    form.set('code', code)
    setPending(true)
    const outcome = await acceptInvitationWithAccountAction(null, form)
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
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={email ?? undefined} errors={errors?.email} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required hint="At least 12 characters." errors={errors?.password} />
      <Button type="submit" pending={pending} className="w-full">
        Create account and join
      </Button>
    </form>
  )
}
