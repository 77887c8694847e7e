import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { SignUpForm } from '@/components/auth/sign-up-form'
import { Card } from '@/components/ui/card'
import { getSession } from '@/lib/services/auth/session'
import { openSignUpAllowed, SIGN_UP_CLOSED } from '@/lib/services/users/sign-up'
import { signUpAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Sign up' }

export default async function SignUpPage() {
  if (await getSession()) redirect('/')
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">Create an organisation</h1>
      <Card>
        {openSignUpAllowed() ? (
          <SignUpForm action={signUpAction} />
        ) : (
          <p role="status" data-testid="sign-up-closed" className="text-sm text-slate-700">
            {SIGN_UP_CLOSED}
          </p>
        )}
      </Card>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <TextLink href="/signin" className="font-medium">
          Sign in
        </TextLink>
      </p>
    </div>
  )
}
