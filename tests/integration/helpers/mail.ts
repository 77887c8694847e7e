// Reading the outbox as the person would read their mail: the newest mail to an address, and the
// sign-up link in it.
import { getPrisma } from '../../../lib/adapters/db/client'
import { requestSignUp, confirmSignUp, type SignUpRequest } from '../../../lib/services/users/sign-up'
import { randomSuffix } from './tenants'

/** The mails queued for an address, oldest first. */
export async function mailsTo(
  email: string,
): Promise<{ id: string; kind: string; subject: string; bodyText: string }[]> {
  const prisma = await getPrisma()
  return prisma.mailOutbox.findMany({
    where: { toAddress: email.toLowerCase() },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, kind: true, subject: true, bodyText: true },
  })
}

/** The token of the newest sign-up link mailed to an address (throws when there is none). */
export async function mailedSignUpToken(email: string): Promise<string> {
  const confirms = (await mailsTo(email)).filter((mail) => mail.kind === 'sign_up.confirm')
  const match = confirms.at(-1)?.bodyText.match(/\/verify\/([A-Za-z0-9_-]+)/)
  if (!match) throw new Error(`no sign-up link was mailed to ${email}`)
  return match[1]
}

/** A client address no other test uses, so the sign-up limit of one test never refuses another's. */
export function randomAddress(): string {
  return `192.0.2.${Math.floor(Math.random() * 250)}-${randomSuffix()}`
}

type AccountRequest = { name: string; email: string; password: string }

/** Signs up as a person does: asks, reads the mail, opens the link. */
export async function signUpThroughMail(
  account: AccountRequest & { tenantName: string },
  now = new Date(),
): Promise<{ userId: string; tenantId: string }> {
  await requestSignUp({ ...account, address: randomAddress() } as SignUpRequest, { now })
  return confirmSignUp(await mailedSignUpToken(account.email), now)
}

/** Accepts an invitation with a new account as a person does: asks, reads the mail, opens the link. */
export async function joinThroughMail(
  code: string,
  account: AccountRequest,
  now = new Date(),
): Promise<{ userId: string; tenantId: string }> {
  await requestSignUp({ ...account, invitationCode: code, address: randomAddress() }, { now })
  return confirmSignUp(await mailedSignUpToken(account.email), now)
}
