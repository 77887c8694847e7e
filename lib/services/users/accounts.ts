import 'server-only'
import { AppError } from '../../errors'
import { writeAudit } from '../audit/write-audit'
import { getPrisma, type Transaction } from '../../adapters/db'
import { tenantSlug } from '../tenants/slug'

export type { Transaction }

/** The field error for an email that already has an account. */
export function emailTaken(): AppError {
  return new AppError('conflict', 'An account with this email already exists.', {
    email: ['An account with this email already exists. Sign in instead, or use another email.'],
  })
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002'
}

/** Creates a user inside a transaction; a taken email is a field error, not a crash. */
export async function createAccount(
  tx: Transaction,
  account: { name: string; email: string; passwordHash: string },
): Promise<{ id: string }> {
  const existing = await tx.user.count({ where: { email: account.email } })
  if (existing) throw emailTaken()
  return tx.user.create({
    data: { name: account.name, email: account.email, passwordHash: account.passwordHash },
    select: { id: true },
  })
}

/** Runs account-creating work in a transaction, mapping a unique-email race to the same field error. */
export async function inAccountTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const prisma = await getPrisma()
  try {
    return await prisma.$transaction(work)
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/** Creates a tenant with the user as its first admin, inside the caller's transaction (audited). */
export async function createTenantForFounder(
  tx: Transaction,
  founder: { userId: string; tenantName: string },
): Promise<{ tenantId: string }> {
  const tenant = await tx.tenant.create({
    data: { name: founder.tenantName, slug: tenantSlug(founder.tenantName) },
    select: { id: true },
  })
  await tx.membership.create({ data: { tenantId: tenant.id, userId: founder.userId, role: 'admin' } })
  await writeAudit(
    tx,
    { tenantId: tenant.id, userId: founder.userId },
    'tenant.created',
    { type: 'tenant', id: tenant.id },
    { name: founder.tenantName },
  )
  return { tenantId: tenant.id }
}
