import 'server-only'
import type { OAuthConfig } from 'next-auth/providers/oauth'
import type { TokenSet } from 'openid-client'
import { env } from '../../env'

/** The provider id in Auth.js routes: the callback is `/api/auth/callback/oidc`. */
export const OIDC_PROVIDER_ID = 'oidc'

/** The label of the SSO button, or null when the operator configured no OpenID Connect provider. */
export function oidcDisplayName(): string | null {
  return env.OIDC_ISSUER ? (env.OIDC_DISPLAY_NAME ?? 'single sign-on') : null
}

/**
 * The operator's OpenID Connect provider for Auth.js, discovered from its issuer's well-known
 * document; authorization code flow with PKCE and state, `openid email profile`. Null when unset.
 * The profile (ID token claims, completed from userinfo) is linked to an account in the jwt callback (lib/services/sso/oidc-sign-in.ts), not here.
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
    // The ID token is validated (issuer, audience, signature); many providers leave the e-mail claims to
    // the userinfo endpoint, so they are read from there when the ID token lacks them (same subject).
    userinfo: {
      async request({ tokens, client }) {
        // Auth.js hands the openid-client TokenSet (typed as its parameters).
        const tokenSet = tokens as TokenSet
        const claims = tokenSet.claims()
        if (typeof claims.email === 'string' && claims.email_verified !== undefined) return claims
        const info = await client.userinfo(tokenSet)
        return { ...claims, ...info, sub: claims.sub }
      },
    },
    profile(profile) {
      return {
        id: String(profile.sub),
        email: typeof profile.email === 'string' ? profile.email : null,
        name: typeof profile.name === 'string' ? profile.name : null,
      }
    },
  }
}
