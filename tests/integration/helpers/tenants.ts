// Test data for integration tests: each test file makes its own tenants and users with random
// ids, so files never depend on each other or on leftovers.
import { callerOf } from '../../../lib/services/auth/caller'
import crypto from 'node:crypto'
import type { Caller } from '../../../lib/services/auth/caller'
import { hashPassword } from '../../../lib/services/auth/password'
import type { Role } from '../../../lib/services/auth/permissions'
import { getPrisma } from '../../../lib/adapters/db/client'

/** The password of every user these helpers create (hashed once per file: argon2 is slow on purpose). */
export const TEST_PASSWORD = `test-password-${crypto.randomBytes(6).toString('hex')}`
let passwordHash: Promise<string> | undefined

/** A user made for a test, with the caller that acts as them in their tenant. */
export type TestUser = { id: string; email: string; name: string; role: Role; membershipId: string; caller: Caller }

/** A tenant made for a test and its users, reachable by role (the first user of each role). */
export type TestTenant = {
  id: string
  name: string
  users: TestUser[]
  admin: TestUser
  member: TestUser
  support: TestUser
}

/** A short random suffix for names and emails. */
export function randomSuffix(): string {
  return crypto.randomBytes(5).toString('hex')
}

/** A unique email for a new test account. */
export function randomEmail(label = 'user'): string {
  return `${label}-${randomSuffix()}@test.local`
}

/** Creates a user (with TEST_PASSWORD) and makes them a member of a tenant with a role. */
export async function addUser(tenantId: string, role: Role, label: string = role): Promise<TestUser> {
  const prisma = await getPrisma()
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const email = randomEmail(label)
  const user = await prisma.user.create({
    data: { email, name: `${label} ${randomSuffix()}`, passwordHash: await passwordHash },
  })
  const membership = await prisma.membership.create({ data: { tenantId, userId: user.id, role } })
  return {
    id: user.id,
    email,
    name: user.name,
    role,
    membershipId: membership.id,
    caller: callerOf({ user: { id: user.id }, active: { tenantId, role } })!,
  }
}

/** Creates a tenant with one user per role (or the roles given; admin, member and support by default). */
export async function createTenantWithUsers(options: { name?: string; roles?: Role[] } = {}): Promise<TestTenant> {
  const prisma = await getPrisma()
  const suffix = randomSuffix()
  const tenant = await prisma.tenant.create({
    data: { name: options.name ?? `Tenant ${suffix}`, slug: `test-${suffix}` },
  })
  const users: TestUser[] = []
  for (const role of options.roles ?? (['admin', 'member', 'support'] as Role[]))
    users.push(await addUser(tenant.id, role))
  const first = (role: Role) => users.find((user) => user.role === role) as TestUser
  return {
    id: tenant.id,
    name: tenant.name,
    users,
    admin: first('admin'),
    member: first('member'),
    support: first('support'),
  }
}

/** Row counts of the tables forms write to, to prove a refused form wrote nothing. */
export async function rowCounts(): Promise<Record<string, number>> {
  const prisma = await getPrisma()
  const [users, tenants, memberships, invitations, auditLogs] = await Promise.all([
    prisma.user.count(),
    prisma.tenant.count(),
    prisma.membership.count(),
    prisma.invitation.count(),
    prisma.auditLog.count(),
  ])
  return { users, tenants, memberships, invitations, auditLogs }
}
