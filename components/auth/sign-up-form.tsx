'use client'

import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import { CheckYourMail } from './check-your-mail'
import { useAccountForm, type AccountAction } from './use-account-form'

/** Sign up: asks for a new account and organisation (the account becomes its admin) once the address is confirmed. */
export function SignUpForm({ action }: { action: AccountAction }) {
  const { result, pending, errors, submit, sent } = useAccountForm(action)
  if (sent) return <CheckYourMail email={sent.email} message={sent.message} />
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormStatus result={result} />
      <TextField label="Your name" name="name" autoComplete="name" required maxLength={100} errors={errors?.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required errors={errors?.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 12 characters."
        errors={errors?.password}
      />
      <TextField
        label="Organisation name"
        name="tenantName"
        required
        maxLength={80}
        hint="You become its admin; you can invite others."
        errors={errors?.tenantName}
      />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? 'Creating…' : 'Create organisation'}
      </Button>
    </form>
  )
}
