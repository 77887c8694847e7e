/**
 * What the sign-in page says for `?error=…`. Auth.js sends a failed sign-in there with an error code
 * (or, for a refused password sign-in without JavaScript, the refusal's message); anyone can craft the
 * link, so the page shows only our own wording for what it recognises, and a generic message otherwise.
 */

/** The message for an error the page does not recognise. */
export const GENERIC_SIGN_IN_ERROR = 'Signing in did not work. Check your email and password, and try again.'

const PROVIDER_FAILED = 'Signing in with your identity provider did not work. Try again, or ask your administrator.'

/** Auth.js error codes and our own, each with the text the page shows. */
const KNOWN_CODES: Record<string, string> = {
  CredentialsSignin: 'Wrong email or password.',
  SsoUnverified: 'Your identity provider has not verified your e-mail address, so it cannot sign you in here.',
  OAuthSignin: PROVIDER_FAILED,
  OAuthCallback: PROVIDER_FAILED,
  OAuthCreateAccount: PROVIDER_FAILED,
  OAuthAccountNotLinked: PROVIDER_FAILED,
  Callback: PROVIDER_FAILED,
  AccessDenied: 'You may not sign in here with that account.',
  SessionRequired: 'Sign in to continue.',
  Verification: 'That sign-in link is no longer valid. Sign in again.',
  Configuration: 'Sign-in is not set up correctly on this server. Tell your administrator.',
}

/** Refusal messages of the password sign-in, as written by lib/services/auth and lib/services/rate-limit. */
const KNOWN_MESSAGES = new Set(['Wrong email or password.', 'Enter your email and password.'])

const waitText = (amount: string, unit: string) => {
  const value = Math.min(Math.max(Number(amount), 1), unit.startsWith('second') ? 59 : 24 * 60)
  const singular = unit.startsWith('second') ? 'second' : 'minute'
  return `${value} ${singular}${value === 1 ? '' : 's'}`
}

/** The sign-in limits' messages (lib/services/rate-limit's blockMessage), their wait re-written by us and bounded. */
const KNOWN_PATTERNS: [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /^Too many failed sign-ins (for this account from your network|for this account|from your network)\. Try again in (\d{1,4}) (seconds?|minutes?)\.$/,
    (match) => `Too many failed sign-ins ${match[1]}. Try again in ${waitText(match[2], match[3])}.`,
  ],
]

/** The text to show for a sign-in page's `error` parameter: ours for what we know, generic otherwise, none without one. */
export function signInErrorMessage(error: string | string[] | undefined): string | undefined {
  if (error === undefined) return undefined
  if (typeof error !== 'string') return GENERIC_SIGN_IN_ERROR
  if (Object.hasOwn(KNOWN_CODES, error)) return KNOWN_CODES[error]
  if (KNOWN_MESSAGES.has(error)) return error
  for (const [pattern, render] of KNOWN_PATTERNS) {
    const match = pattern.exec(error)
    if (match) return render(match)
  }
  return GENERIC_SIGN_IN_ERROR
}
