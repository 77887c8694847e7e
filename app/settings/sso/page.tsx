import type { Metadata } from 'next'
import { SsoForm } from '@/components/settings/sso-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { getSsoView } from '@/lib/services/sso/sso-service'
import { ssoSettingsAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Single sign-on' }

export default async function SsoSettingsPage() {
  const caller = await requirePageAccess('settings.manage')
  const view = await getSsoView(caller)
  return (
    <div className="space-y-6">
      <PageHeader
        title="Single sign-on"
        description={
          <>
            Sign-in through your identity provider (OpenID Connect).{' '}
            <TextLink href="/settings">Back to settings</TextLink>
          </>
        }
      />
      <Card title="Identity provider">
        <p className="text-sm text-slate-700" data-testid="sso-provider">
          {view.provider
            ? `The operator has configured ${view.provider}: the sign-in page offers “Sign in with ${view.provider}”.`
            : 'No identity provider is configured on this server: the operator sets OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (see the operator guide). These settings apply once it is.'}
        </p>
      </Card>
      <Card title="Your organisation">
        <SsoForm action={ssoSettingsAction} settings={view.settings} />
      </Card>
    </div>
  )
}
