import 'server-only'
import { getPrisma } from '../../adapters/db'
import { SIGN_UP_POLICY, signUpBlock, signUpReleaseIndex, type SignUpBlock } from './sign-up-policy'

/**
 * Sign-up requests in the sign_up_attempts table: the window survives restarts and is shared by every
 * app server. Requests from one address take a transaction-scoped advisory lock, so a burst of
 * concurrent requests is counted one after the other and exactly `limit` get through.
 */

function windowStart(now: Date): Date {
  return new Date(now.getTime() - SIGN_UP_POLICY.windowMinutes * 60_000)
}

/** Records a sign-up request from `address` and says whether it is over `limit` requests in the window. */
export async function recordSignUpAttempt(
  address: string,
  limit: number,
  now = new Date(),
): Promise<SignUpBlock | null> {
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`sign-up:${address}`}))::text AS locked`
    await tx.signUpAttempt.create({ data: { address, at: now } })
    const where = { address, at: { gt: windowStart(now) } }
    const recent = await tx.signUpAttempt.count({ where })
    if (recent <= limit) return null
    const release = await tx.signUpAttempt.findFirst({
      where,
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
      skip: signUpReleaseIndex(recent, limit),
      select: { at: true },
    })
    return signUpBlock(recent, limit, release?.at ?? null, now)
  })
}

/** Deletes requests that no window can count any more. */
export async function pruneSignUpAttempts(now = new Date()): Promise<void> {
  const prisma = await getPrisma()
  await prisma.signUpAttempt.deleteMany({ where: { at: { lte: windowStart(now) } } })
}
