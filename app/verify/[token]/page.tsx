import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { ConfirmSignUp } from '@/components/auth/confirm-sign-up'
import { Card } from '@/components/ui/card'
import { INVALID_SIGN_UP_LINK, previewSignUpLink } from '@/lib/services/users/sign-up'
import { confirmSignUpAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Confirm your e-mail address', referrer: 'no-referrer' }

export default async function ConfirmSignUpPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const preview = token.length <= 128 ? await previewSignUpLink(token) : null
  if (!preview) notFound()
  const purpose = preview.purpose.invitedTo
    ? `join ${preview.purpose.invitedTo}`
    : `create the organisation ${preview.purpose.tenantName}`
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">Confirm your e-mail address</h1>
      <Card>
        {preview.status === 'valid' ? (
          <>
            <p className="mb-4 text-sm text-slate-700">
              Confirm that <strong>{preview.email}</strong> is your address to create your account and {purpose}.
            </p>
            <ConfirmSignUp action={confirmSignUpAction} token={token} label="Confirm and create my account" />
          </>
        ) : (
          <div role="alert" className="space-y-3 text-sm text-slate-700">
            <p>{INVALID_SIGN_UP_LINK}</p>
            <TextLink href="/signin" className="inline-block font-medium">
              Sign in
            </TextLink>
          </div>
        )}
      </Card>
    </div>
  )
}
