import 'server-only'
import { getPrisma } from '../db'
import { accountKey, addressKey, SIGN_IN_POLICY, type SignInBlock } from './sign-in-policy'

/**
 * Sign-in attempts in the sign_in_attempts table, with the user's failed_logins/locked_until
 * columns: the account lock survives restarts and is shared by every app server.
 */

function windowStart(now: Date): Date {
  return new Date(now.getTime() - SIGN_IN_POLICY.windowMinutes * 60_000)
}

async function recentFailures(key: string, now: Date): Promise<{ count: number; oldest: Date | null }> {
  const prisma = await getPrisma()
  const where = { key, succeeded: false, at: { gte: windowStart(now) } }
  const [count, oldest] = await Promise.all([
    prisma.signInAttempt.count({ where }),
    prisma.signInAttempt.findFirst({ where, orderBy: { at: 'asc' }, select: { at: true } }),
  ])
  return { count, oldest: oldest?.at ?? null }
}

function windowEnd(oldest: Date | null, now: Date): Date {
  return new Date((oldest ?? now).getTime() + SIGN_IN_POLICY.windowMinutes * 60_000)
}

/** Whether this account and address may try now; checks the user's lock and both windows. */
export async function checkSignInAllowed(
  email: string,
  address: string,
  now = new Date(),
): Promise<SignInBlock | null> {
  const prisma = await getPrisma()
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { lockedUntil: true },
  })
  if (user?.lockedUntil && user.lockedUntil > now) return { reason: 'account_locked', until: user.lockedUntil }
  const account = await recentFailures(accountKey(email), now)
  if (account.count >= SIGN_IN_POLICY.maxFailuresPerAccount)
    return { reason: 'account_locked', until: windowEnd(account.oldest, now) }
  const byAddress = await recentFailures(addressKey(address), now)
  if (byAddress.count >= SIGN_IN_POLICY.maxFailuresPerAddress)
    return { reason: 'address_limited', until: windowEnd(byAddress.oldest, now) }
  return null
}

/** Records a failure for the account and the address; locks the account at the limit. Returns the account's recent failures. */
export async function recordSignInFailure(email: string, address: string, now = new Date()): Promise<number> {
  const prisma = await getPrisma()
  const normalized = email.trim().toLowerCase()
  await prisma.signInAttempt.createMany({
    data: [
      { key: accountKey(normalized), succeeded: false, at: now },
      { key: addressKey(address), succeeded: false, at: now },
    ],
  })
  const { count } = await recentFailures(accountKey(normalized), now)
  const user = await prisma.user.findUnique({ where: { email: normalized }, select: { id: true } })
  if (user) {
    const lockedUntil =
      count >= SIGN_IN_POLICY.maxFailuresPerAccount
        ? new Date(now.getTime() + SIGN_IN_POLICY.lockMinutes * 60_000)
        : undefined
    await prisma.user.update({
      where: { id: user.id },
      data: { failedLogins: { increment: 1 }, ...(lockedUntil ? { lockedUntil } : {}) },
    })
  }
  return count
}

/** Records a success: clears the account's failure count and lock. */
export async function recordSignInSuccess(
  userId: string,
  email: string,
  address: string,
  now = new Date(),
): Promise<void> {
  const prisma = await getPrisma()
  await prisma.$transaction([
    prisma.signInAttempt.createMany({
      data: [
        { key: accountKey(email), succeeded: true, at: now },
        { key: addressKey(address), succeeded: true, at: now },
      ],
    }),
    prisma.signInAttempt.deleteMany({ where: { key: accountKey(email), succeeded: false } }),
    prisma.user.update({ where: { id: userId }, data: { failedLogins: 0, lockedUntil: null } }),
  ])
}
