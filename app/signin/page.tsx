import type { Metadata } from 'next'
import { redirect } from 'next/navigation'
import { SignInForm } from '@/components/auth/sign-in-form'
import { SsoButton } from '@/components/auth/sso-button'
import { Card } from '@/components/ui/card'
import { safeCallbackUrl } from '@/lib/services/auth/callback-url'
import { getSession } from '@/lib/services/auth/session'
import { signInErrorMessage } from '@/lib/services/auth/sign-in-errors'
import { oidcDisplayName } from '@/lib/services/sso/oidc-provider'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Sign in' }

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const params = await searchParams
  const callbackUrl = safeCallbackUrl(params.callbackUrl)
  if (await getSession()) redirect(callbackUrl)
  // Auth.js sends failures here as ?error=<code or message>; anyone can craft that link, so only our own words show.
  const error = signInErrorMessage(params.error)
  const sso = oidcDisplayName()
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight">Sign in</h1>
      <Card>
        {sso ? (
          <div className="mb-4 space-y-4">
            <SsoButton label={sso} callbackUrl={callbackUrl} />
            <p className="text-center text-xs uppercase tracking-wide text-slate-500">or with your password</p>
          </div>
        ) : null}
        <SignInForm callbackUrl={callbackUrl} initialError={error} />
      </Card>
      <p className="mt-4 text-center text-sm text-slate-600">
        New here?{' '}
        <TextLink href="/signup" className="font-medium">
          Create an organisation
        </TextLink>
      </p>
    </div>
  )
}
