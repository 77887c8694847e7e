import 'server-only'
import { getPrisma } from '../../adapters/db'
import {
  accountBackoffSeconds,
  accountKey,
  addressKey,
  pairKey,
  SIGN_IN_POLICY,
  type SignInBlock,
} from './sign-in-policy'

/**
 * Sign-in attempts in the sign_in_attempts table: the limits survive restarts and are shared by
 * every app server. See SIGN_IN_POLICY for the rules.
 */

const MINUTE = 60_000

function windowStart(now: Date): Date {
  return new Date(now.getTime() - SIGN_IN_POLICY.windowMinutes * MINUTE)
}

async function recentFailures(
  key: string,
  now: Date,
): Promise<{ count: number; oldest: Date | null; latest: Date | null }> {
  const prisma = await getPrisma()
  const where = { key, succeeded: false, at: { gte: windowStart(now) } }
  const stats = await prisma.signInAttempt.aggregate({ where, _count: true, _min: { at: true }, _max: { at: true } })
  return { count: stats._count, oldest: stats._min.at, latest: stats._max.at }
}

function windowEnd(oldest: Date | null, now: Date): Date {
  return new Date((oldest ?? now).getTime() + SIGN_IN_POLICY.windowMinutes * MINUTE)
}

/** Whether this address signed in to this account successfully in the last knownAddressDays. */
async function isKnownAddress(email: string, address: string, now: Date): Promise<boolean> {
  const prisma = await getPrisma()
  const since = new Date(now.getTime() - SIGN_IN_POLICY.knownAddressDays * 24 * 60 * MINUTE)
  const success = await prisma.signInAttempt.findFirst({
    where: { key: pairKey(email, address), succeeded: true, at: { gte: since } },
    select: { id: true },
  })
  return success !== null
}

/** Whether this account may be tried from this address now: the address, the pair, then the account's backoff. */
export async function checkSignInAllowed(
  email: string,
  address: string,
  now = new Date(),
): Promise<SignInBlock | null> {
  const [byAddress, pair, account] = await Promise.all([
    recentFailures(addressKey(address), now),
    recentFailures(pairKey(email, address), now),
    recentFailures(accountKey(email), now),
  ])
  if (byAddress.count >= SIGN_IN_POLICY.maxFailuresPerAddress)
    return { reason: 'address_limited', until: windowEnd(byAddress.oldest, now) }
  if (pair.count >= SIGN_IN_POLICY.maxFailuresPerPair)
    return { reason: 'pair_limited', until: windowEnd(pair.oldest, now) }
  const backoff = accountBackoffSeconds(account.count)
  if (backoff > 0 && account.latest) {
    const until = new Date(account.latest.getTime() + backoff * 1000)
    // The owner's usual address is not slowed by someone else's guesses.
    if (until > now && !(await isKnownAddress(email, address, now))) return { reason: 'account_slowed', until }
  }
  return null
}

/** Records a failure for the account, the address and the pair. Returns the account's recent failures. */
export async function recordSignInFailure(email: string, address: string, now = new Date()): Promise<number> {
  const prisma = await getPrisma()
  const normalized = email.trim().toLowerCase()
  await prisma.signInAttempt.createMany({
    data: [accountKey(normalized), addressKey(address), pairKey(normalized, address)].map((key) => ({
      key,
      succeeded: false,
      at: now,
    })),
  })
  const user = await prisma.user.findUnique({ where: { email: normalized }, select: { id: true } })
  if (user) await prisma.user.update({ where: { id: user.id }, data: { failedLogins: { increment: 1 } } })
  return (await recentFailures(accountKey(normalized), now)).count
}

/** Records a success: the address becomes known for the account; the account's failures are cleared. */
export async function recordSignInSuccess(
  userId: string,
  email: string,
  address: string,
  now = new Date(),
): Promise<void> {
  const prisma = await getPrisma()
  const normalized = email.trim().toLowerCase()
  await prisma.$transaction([
    prisma.signInAttempt.createMany({
      data: [accountKey(normalized), addressKey(address), pairKey(normalized, address)].map((key) => ({
        key,
        succeeded: true,
        at: now,
      })),
    }),
    prisma.signInAttempt.deleteMany({
      where: { key: { in: [accountKey(normalized), pairKey(normalized, address)] }, succeeded: false },
    }),
    prisma.user.update({ where: { id: userId }, data: { failedLogins: 0, lockedUntil: null } }),
  ])
}
