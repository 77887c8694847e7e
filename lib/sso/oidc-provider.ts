import 'server-only'
import type { OAuthConfig } from 'next-auth/providers/oauth'
import { env } from '../env'

/** The provider id in Auth.js routes: the callback is `/api/auth/callback/oidc`. */
export const OIDC_PROVIDER_ID = 'oidc'

/** The label of the SSO button, or null when the operator configured no OpenID Connect provider. */
export function oidcDisplayName(): string | null {
  return env.OIDC_ISSUER ? (env.OIDC_DISPLAY_NAME ?? 'single sign-on') : null
}

/**
 * The operator's OpenID Connect provider for Auth.js, discovered from its issuer's well-known
 * document; authorization code flow with PKCE and state, `openid email profile`. Null when unset.
 * The profile is linked to an account in the jwt callback (lib/sso/oidc-sign-in.ts), not here.
 */
export function oidcProvider(): OAuthConfig<Record<string, unknown>> | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null
  const issuer = env.OIDC_ISSUER.replace(/\/$/, '')
  return {
    id: OIDC_PROVIDER_ID,
    name: oidcDisplayName()!,
    type: 'oauth',
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state'],
    profile(profile) {
      return {
        id: String(profile.sub),
        email: typeof profile.email === 'string' ? profile.email : null,
        name: typeof profile.name === 'string' ? profile.name : null,
      }
    },
  }
}
