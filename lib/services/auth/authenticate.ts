import 'server-only'
import { getPrisma } from '../../adapters/db'
import {
  blockMessage,
  checkSignInAllowed,
  failureDelayMs,
  recordSignInFailure,
  recordSignInSuccess,
} from '../rate-limit'
import { decoyPasswordHash, verifyPassword } from './password'

/** A refused sign-in; the message is safe to show (it never says whether the account exists). */
export class SignInError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SignInError'
  }
}

/** The message for a wrong email or password. */
export const WRONG_CREDENTIALS = 'Wrong email or password.'

/** The signed-in identity that authentication yields. */
export type AuthenticatedUser = { id: string; email: string; name: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Checks an email and password, with the sign-in limits: a locked account or a noisy address is
 * refused before the password is checked; each failure is recorded and answered after a delay.
 */
export async function authenticate(
  input: { email: string; password: string; address: string },
  options: { now?: Date; delay?: (ms: number) => Promise<unknown> } = {},
): Promise<AuthenticatedUser> {
  const now = options.now ?? new Date()
  const delay = options.delay ?? sleep
  const email = input.email.trim().toLowerCase()
  if (!email || !input.password) throw new SignInError('Enter your email and password.')
  const block = await checkSignInAllowed(email, input.address, now)
  if (block) throw new SignInError(blockMessage(block, now))
  const prisma = await getPrisma()
  const user = await prisma.user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, passwordHash: true },
  })
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password)
  if (!user || !valid) {
    const failures = await recordSignInFailure(email, input.address, now)
    await delay(failureDelayMs(failures))
    const blockedNow = await checkSignInAllowed(email, input.address, now)
    throw new SignInError(blockedNow ? blockMessage(blockedNow, now) : WRONG_CREDENTIALS)
  }
  await recordSignInSuccess(user.id, email, input.address, now)
  return { id: user.id, email: user.email, name: user.name }
}
