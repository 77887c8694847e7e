'use client'

import { signIn } from 'next-auth/react'
import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'

/** Email + password sign-in; shows the server's message (wrong password, locked account) as it is. */
export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter()
  const [error, setError] = useState(initialError)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setPending(true)
    setError(undefined)
    const result = await signIn('credentials', {
      redirect: false,
      email: form.get('email'),
      password: form.get('password'),
    })
    if (result?.ok && !result.error) {
      router.replace(callbackUrl)
      router.refresh()
      return
    }
    setPending(false)
    setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'Wrong email or password.')
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormStatus result={error ? { ok: false, error } : null} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
