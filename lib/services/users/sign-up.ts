import 'server-only'
import { hashPassword } from '../auth/password'
import { getPrisma } from '../../adapters/db'
import { env } from '../../env'
import { AppError } from '../../errors'
import {
  confirmSignUpMail,
  countRecentMail,
  deliverMailSoon,
  enqueueMail,
  existingAccountMail,
  pruneOutbox,
  publicUrl,
  type SignUpPurpose,
} from '../../adapters/mail'
import { pruneSignUpAttempts, recordSignUpAttempt, SIGN_UP_POLICY, signUpBlockMessage } from '../rate-limit'
import { hashInvitationCode } from '../tenants/invitation-code'
import { claimInvitation, INVALID_INVITATION, previewInvitation } from '../tenants/invitations'
import { createAccount, createTenantForFounder, inAccountTransaction } from './accounts'
import { generateSignUpToken, hashSignUpToken, SIGN_UP_LINK_LIFETIME_HOURS } from './sign-up-token'

/**
 * Sign up in two steps. The request (sign up, or accept an invitation with a new account) is throttled
 * per client address and always gets the same answer, so it never says whether an address has an
 * account: a new address is mailed a link, an address with an account is mailed a note saying so.
 * Only the link creates the user (and the organisation, or the membership of the invitation), so every
 * account has proven its address and nobody can hold an address they do not own.
 */

/** What sign up and invitations say after a request, whoever owns the address. */
export const CHECK_YOUR_MAIL = 'Check your e-mail: we sent a link to confirm your address.'

/** The refusal when the operator turned open sign-up off (SIGNUP=invite-only). */
export const SIGN_UP_CLOSED =
  'Sign-up is closed on this installation. Ask an admin of your organisation for an invitation.'

/** The message for a sign-up link that does not (or no longer) work. */
export const INVALID_SIGN_UP_LINK =
  'This link is not valid: it was already used, it has expired (links work for 24 hours), or it is incomplete. Sign up again to get a new one.'

/** A request to create an account: a new organisation (`tenantName`) or an invitation (`invitationCode`). */
export type SignUpRequest = { name: string; email: string; password: string; address: string } & (
  { tenantName: string; invitationCode?: undefined } | { invitationCode: string; tenantName?: undefined }
)

/** Operator settings, read from the environment unless a test passes them. */
export type SignUpSettings = { mode: 'open' | 'invite-only'; limitPerHour: number }

function settingsFromEnv(): SignUpSettings {
  return { mode: env.SIGNUP, limitPerHour: env.SIGNUP_LIMIT_PER_HOUR }
}

/** Whether people may create organisations at /signup (SIGNUP=open). */
export function openSignUpAllowed(): boolean {
  return env.SIGNUP === 'open'
}

/** What the request is for, checked before anything is written: the invitation must work for this address. */
async function purposeOf(
  request: SignUpRequest,
  now: Date,
): Promise<{ purpose: SignUpPurpose; invitationCodeHash: string | null }> {
  if (request.tenantName !== undefined) return { purpose: { tenantName: request.tenantName }, invitationCodeHash: null }
  const invitation = await previewInvitation(request.invitationCode, now)
  if (!invitation || invitation.status !== 'valid') throw new AppError('not_found', INVALID_INVITATION)
  if (invitation.email && invitation.email !== request.email)
    throw new AppError('bad_request', `This invitation is for ${invitation.email}.`, {
      email: [`This invitation is for ${invitation.email}; use that address.`],
    })
  return {
    purpose: { invitedTo: invitation.tenantName },
    invitationCodeHash: hashInvitationCode(request.invitationCode),
  }
}

/**
 * Asks for an account: checks the operator's setting and the address's limit, then mails the address
 * (a confirmation link, or a note that it already has an account). Same answer either way.
 */
export async function requestSignUp(
  request: SignUpRequest,
  options: { now?: Date; settings?: SignUpSettings } = {},
): Promise<{ email: string; message: string }> {
  const now = options.now ?? new Date()
  const settings = options.settings ?? settingsFromEnv()
  if (request.tenantName !== undefined && settings.mode !== 'open') throw new AppError('forbidden', SIGN_UP_CLOSED)
  const block = await recordSignUpAttempt(request.address, settings.limitPerHour, now)
  if (block) throw new AppError('rate_limited', signUpBlockMessage(block, now))
  const email = request.email.trim().toLowerCase()
  const { purpose, invitationCodeHash } = await purposeOf({ ...request, email }, now)
  // Hashed for an address with an account too, so both answers take as long.
  const passwordHash = await hashPassword(request.password)
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const windowStart = new Date(now.getTime() - SIGN_UP_POLICY.windowMinutes * 60_000)
    if ((await countRecentMail(tx, email, 'sign_up.', windowStart)) >= SIGN_UP_POLICY.maxMailsPerRecipient) return
    const existing = await tx.user.findUnique({ where: { email }, select: { id: true } })
    if (existing) {
      await enqueueMail(tx, existingAccountMail({ to: email, purpose, signInUrl: publicUrl('/signin') }))
      return
    }
    const token = generateSignUpToken()
    await tx.pendingSignUp.create({
      data: {
        email,
        name: request.name,
        passwordHash,
        tenantName: request.tenantName ?? null,
        invitationCodeHash,
        tokenHash: hashSignUpToken(token),
        expiresAt: new Date(now.getTime() + SIGN_UP_LINK_LIFETIME_HOURS * 60 * 60_000),
      },
    })
    await enqueueMail(
      tx,
      confirmSignUpMail({
        to: email,
        purpose,
        confirmUrl: publicUrl(`/verify/${token}`),
        expiresInHours: SIGN_UP_LINK_LIFETIME_HOURS,
      }),
    )
  })
  deliverMailSoon()
  await pruneSignUpRecords(now)
  return { email, message: CHECK_YOUR_MAIL }
}

/** How long used and expired sign-up links, and old mails, are kept (a used link's page says "already used"). */
export const SIGN_UP_RECORDS_KEPT_DAYS = 30

/** Deletes what no limit or page needs any more: old attempts, old pending sign-ups, old mails. */
export async function pruneSignUpRecords(now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - SIGN_UP_RECORDS_KEPT_DAYS * 24 * 60 * 60_000)
  const prisma = await getPrisma()
  await pruneSignUpAttempts(now)
  await prisma.pendingSignUp.deleteMany({ where: { expiresAt: { lt: cutoff } } })
  await pruneOutbox(cutoff)
}

/** What the confirmation page may show about a link before it is used. */
export type SignUpLinkPreview = {
  email: string
  purpose: SignUpPurpose
  status: 'valid' | 'used' | 'expired'
}

/** Describes a sign-up link for its page (only to whoever holds the link), or null when unknown. */
export async function previewSignUpLink(token: string, now = new Date()): Promise<SignUpLinkPreview | null> {
  const prisma = await getPrisma()
  const pending = await prisma.pendingSignUp.findUnique({
    where: { tokenHash: hashSignUpToken(token) },
    select: { email: true, tenantName: true, invitationCodeHash: true, expiresAt: true, confirmedAt: true },
  })
  if (!pending) return null
  const invitation = pending.invitationCodeHash
    ? await prisma.invitation.findUnique({
        where: { codeHash: pending.invitationCodeHash },
        select: { tenant: { select: { name: true } } },
      })
    : null
  const purpose: SignUpPurpose =
    pending.tenantName !== null
      ? { tenantName: pending.tenantName }
      : { invitedTo: invitation?.tenant.name ?? 'an organisation' }
  const status = pending.confirmedAt ? 'used' : pending.expiresAt <= now ? 'expired' : 'valid'
  return { email: pending.email, purpose, status }
}

/**
 * Uses a sign-up link: the address is proven, so the account is created with it, and the organisation
 * (its founder as admin) or the invitation's membership — all or nothing, and once.
 */
export async function confirmSignUp(
  token: string,
  now = new Date(),
): Promise<{ userId: string; email: string; tenantId: string }> {
  const tokenHash = hashSignUpToken(token)
  return inAccountTransaction(async (tx) => {
    const used = await tx.pendingSignUp.updateMany({
      where: { tokenHash, confirmedAt: null, expiresAt: { gt: now } },
      data: { confirmedAt: now },
    })
    if (used.count !== 1) throw new AppError('not_found', INVALID_SIGN_UP_LINK)
    const pending = await tx.pendingSignUp.findUniqueOrThrow({
      where: { tokenHash },
      select: { email: true, name: true, passwordHash: true, tenantName: true, invitationCodeHash: true },
    })
    // Whoever holds this link owns the address, so saying it has an account tells them nothing new.
    if (await tx.user.count({ where: { email: pending.email } }))
      throw new AppError(
        'conflict',
        'This address already has an account, so nothing new was created. Sign in with it.',
      )
    const user = await createAccount(tx, {
      name: pending.name,
      email: pending.email,
      passwordHash: pending.passwordHash,
    })
    const { tenantId } =
      pending.tenantName !== null
        ? await createTenantForFounder(tx, { userId: user.id, tenantName: pending.tenantName })
        : await claimInvitation(tx, pending.invitationCodeHash ?? '', { id: user.id, email: pending.email }, now)
    // The used row keeps only what its page shows; other links sent to this address can no longer make an account.
    await tx.pendingSignUp.update({ where: { tokenHash }, data: { passwordHash: '' } })
    await tx.pendingSignUp.deleteMany({ where: { email: pending.email, confirmedAt: null } })
    return { userId: user.id, email: pending.email, tenantId }
  })
}
