import 'server-only'
import type { Caller } from '../auth/caller'
import { requirePermission } from '../auth/guards'
import type { Role } from '../auth/permissions'
import { writeAudit } from '../audit/write-audit'
import { getPrisma } from '../../adapters/db'
import { deliverMailSoon, enqueueMail, invitationMail, publicUrl } from '../../adapters/mail'
import { AppError } from '../../errors'
import { requireRecordId } from '../../record-id'
import type { Transaction } from '../users/accounts'
import { generateInvitationCode, hashInvitationCode, INVITATION_LIFETIME_DAYS } from './invitation-code'

/**
 * Invitations: an admin creates a single-use code with a role (shown once, stored as SHA-256,
 * valid 7 days); accepting it adds an existing signed-in user to the tenant, or — through a sign-up whose
 * mailed link proves the address (lib/services/users/sign-up.ts) — a new user.
 */

/** What the invitation page may show about a code before it is accepted. */
export type InvitationPreview = {
  tenantName: string
  role: Role
  email: string | null
  status: 'valid' | 'used' | 'expired'
}

/** The message for a code that does not (or no longer) work. */
export const INVALID_INVITATION =
  'This invitation is not valid: it was already used, it has expired, or the link is incomplete. Ask an admin for a new one.'

/**
 * Creates an invitation in the caller's tenant; returns the code, which is never retrievable again. An
 * invitation bound to an address is also mailed there (the same answer whether or not it has an account).
 */
export async function createInvitation(
  caller: Caller,
  input: { role: Role; email?: string },
  now = new Date(),
): Promise<{ invitationId: string; code: string; expiresAt: Date; mailedTo: string | null }> {
  requirePermission(caller, 'members.manage')
  const code = generateInvitationCode()
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 24 * 60 * 60_000)
  const prisma = await getPrisma()
  const invitation = await prisma.$transaction(async (tx) => {
    const created = await tx.invitation.create({
      data: {
        tenantId: caller.tenantId,
        role: input.role,
        email: input.email ?? null,
        codeHash: hashInvitationCode(code),
        createdById: caller.userId,
        expiresAt,
      },
      select: { id: true },
    })
    await writeAudit(
      tx,
      caller,
      'member.invited',
      { type: 'invitation', id: created.id },
      { role: input.role, email: input.email ?? null },
    )
    if (input.email) {
      const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: caller.tenantId }, select: { name: true } })
      const invitationUrl = publicUrl(`/invite/${code}`)
      await enqueueMail(
        tx,
        invitationMail({ to: input.email, tenantName: tenant.name, role: input.role, invitationUrl, expiresAt }),
      )
    }
    return created
  })
  if (input.email) deliverMailSoon()
  return { invitationId: invitation.id, code, expiresAt, mailedTo: input.email ?? null }
}

/** Describes a code for the invitation page (public: reveals only the tenant's name and the role), or null. */
export async function previewInvitation(code: string, now = new Date()): Promise<InvitationPreview | null> {
  const prisma = await getPrisma()
  const invitation = await prisma.invitation.findUnique({
    where: { codeHash: hashInvitationCode(code) },
    select: { role: true, email: true, expiresAt: true, acceptedAt: true, tenant: { select: { name: true } } },
  })
  if (!invitation) return null
  const status = invitation.acceptedAt ? 'used' : invitation.expiresAt <= now ? 'expired' : 'valid'
  return { tenantName: invitation.tenant.name, role: invitation.role, email: invitation.email, status }
}

/**
 * Claims an invitation (by its code's hash) for a user whose e-mail address is proven — a signed-in
 * account, or one created from the link mailed to the address — and adds the membership, all in the
 * caller's transaction. An invitation bound to an address only accepts that address.
 */
export async function claimInvitation(
  tx: Transaction,
  codeHash: string,
  user: { id: string; email: string },
  now: Date,
): Promise<{ tenantId: string; role: Role }> {
  const claimed = await tx.invitation.updateMany({
    where: { codeHash, acceptedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now, acceptedById: user.id },
  })
  if (claimed.count !== 1) throw new AppError('not_found', INVALID_INVITATION)
  const invitation = await tx.invitation.findUniqueOrThrow({
    where: { codeHash },
    select: { id: true, tenantId: true, role: true, email: true },
  })
  if (invitation.email && invitation.email !== user.email) {
    throw new AppError('bad_request', `This invitation is for ${invitation.email}.`, {
      email: [`This invitation is for ${invitation.email}; use that address.`],
    })
  }
  const existing = await tx.membership.findUnique({
    where: { tenantId_userId: { tenantId: invitation.tenantId, userId: user.id } },
  })
  if (existing) throw new AppError('conflict', 'You are already a member of this organisation.')
  await tx.membership.create({ data: { tenantId: invitation.tenantId, userId: user.id, role: invitation.role } })
  await writeAudit(
    tx,
    { tenantId: invitation.tenantId, userId: user.id },
    'member.joined',
    { type: 'invitation', id: invitation.id },
    { role: invitation.role },
  )
  return { tenantId: invitation.tenantId, role: invitation.role }
}

/** Accepts an invitation as an existing, signed-in user. */
export async function acceptInvitation(
  code: string,
  userId: string,
  now = new Date(),
): Promise<{ tenantId: string; role: Role }> {
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } })
    return claimInvitation(tx, hashInvitationCode(code), user, now)
  })
}

/** Revokes a pending invitation of the caller's tenant (its link stops working at once); audited. Used or unknown: notFound. */
export async function revokeInvitation(caller: Caller, invitationId: string): Promise<void> {
  requirePermission(caller, 'members.manage')
  requireRecordId(invitationId, 'invitation', 'invitationId')
  const prisma = await getPrisma()
  await prisma.$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({
      where: { id: invitationId, tenantId: caller.tenantId, acceptedAt: null },
      select: { id: true, role: true, email: true, expiresAt: true },
    })
    if (!invitation) throw new AppError('not_found', 'Not found')
    await tx.invitation.delete({ where: { id: invitation.id } })
    await writeAudit(
      tx,
      caller,
      'member.invitation_revoked',
      { type: 'invitation', id: invitation.id },
      { role: invitation.role, email: invitation.email, expiresAt: invitation.expiresAt.toISOString() },
    )
  })
}
