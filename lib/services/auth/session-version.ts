import 'server-only'
import { getPrisma } from '../../adapters/db'

/** What a revocation runs in: the client or a transaction (any Prisma handle with `user`). */
type SessionVersionWriter = {
  user: {
    update: (args: { where: { id: string }; data: { sessionVersion: { increment: number } } }) => Promise<unknown>
  }
}

/**
 * Ends every session of a user. A session token is a signed cookie the server cannot delete, so
 * each token carries the user's session version from sign-in and every request compares it with
 * the stored one: bumping the version makes every earlier cookie worthless, on every device.
 */
export async function revokeSessions(userId: string, db?: SessionVersionWriter): Promise<void> {
  const handle = db ?? ((await getPrisma()) as unknown as SessionVersionWriter)
  await handle.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } })
}

/** The session version a new session of this user starts with (0 for an unknown user). */
export async function currentSessionVersion(userId: string): Promise<number> {
  const prisma = await getPrisma()
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } })
  return user?.sessionVersion ?? 0
}
