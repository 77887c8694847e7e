import 'server-only'
import type { AuthOptions } from 'next-auth'
import CredentialsProvider from 'next-auth/providers/credentials'
import { env } from '../../env'
import { oidcProvider, OIDC_PROVIDER_ID } from '../sso/oidc-provider'
import { signInWithOidc, SsoSignInError } from '../sso/oidc-sign-in'
import { authenticate } from './authenticate'
import { clientAddressFrom } from './client-address'
import { authSecret } from './secret'
import { currentSessionVersion, revokeSessions } from './session-version'

/** How long a session lasts without signing in again. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60

let cached: AuthOptions | undefined

/**
 * The Auth.js (next-auth 4) configuration: email + password (argon2id, rate limited), JWT
 * sessions of 8 hours in httpOnly SameSite=lax cookies, secure when the site is served over https.
 * Built on first use so that `next build` neither needs nor creates a secret.
 */
export function authOptions(): AuthOptions {
  if (cached) return cached
  const secure = (env.NEXTAUTH_URL ?? '').startsWith('https://')
  const oidc = oidcProvider()
  cached = {
    secret: authSecret(),
    useSecureCookies: secure,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/signin', error: '/signin' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, request) {
          const address = clientAddressFrom((request?.headers ?? {}) as Record<string, string>)
          return authenticate({ email: credentials?.email ?? '', password: credentials?.password ?? '', address })
        },
      }),
      ...(oidc ? [oidc] : []),
    ],
    events: {
      // Signing out ends this session and every other one of the user: a copied cookie stops working.
      async signOut({ token }) {
        if (typeof token?.sub === 'string') await revokeSessions(token.sub)
      },
    },
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true
        try {
          // Links (or creates) the account and joins the tenants of its e-mail domain; the jwt callback reads it back.
          const linked = await signInWithOidc(profile)
          ;(account as Record<string, unknown>).linkedUserId = linked.id
          return true
        } catch (error) {
          if (error instanceof SsoSignInError) return `/signin?error=${encodeURIComponent('SsoUnverified')}`
          throw error
        }
      },
      async jwt({ token, user, account }) {
        if (account?.provider === OIDC_PROVIDER_ID && typeof account.linkedUserId === 'string') {
          token.sub = account.linkedUserId
          token.amr = 'oidc'
        } else if (user) {
          token.sub = user.id
          token.amr = 'password'
        } else return token
        // At sign-in only: the session lives while the user's session version stays this value.
        token.sv = await currentSessionVersion(token.sub)
        return token
      },
      async session({ session, token }) {
        // Memberships are read fresh on every request by getSession(); here only the identity.
        return { ...session, user: { ...session.user, id: token.sub } }
      },
    },
  }
  return cached
}
