'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ActionResult } from '@/lib/errors'
import { CheckYourMail } from './check-your-mail'
import { useAccountForm, type AccountAction } from './use-account-form'

/** Joins with the signed-in account. */
export function JoinAsSignedInUser({
  code,
  tenantName,
  action,
}: {
  code: string
  tenantName: string
  action: (previous: null, input: { code: string }) => Promise<ActionResult<unknown>>
}) {
  const router = useRouter()
  const [result, setResult] = useState<ActionResult<unknown> | null>(null)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    const outcome = await action(null, { code })
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

/** Asks for an account that joins once the address is confirmed by the mailed link. */
export function JoinWithNewAccount({
  code,
  email,
  action,
}: {
  code: string
  email: string | null
  action: AccountAction
}) {
  const { result, pending, errors, submit, sent } = useAccountForm(action, (form) => form.set('code', code))
  if (sent) return <CheckYourMail email={sent.email} message={sent.message} />
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormStatus result={result} />
      <TextField label="Your name" name="name" autoComplete="name" required maxLength={100} errors={errors?.name} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email ?? undefined}
        errors={errors?.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters."
        errors={errors?.password}
      />
      <Button type="submit" pending={pending} className="w-full">
        Create account and join
      </Button>
    </form>
  )
}
