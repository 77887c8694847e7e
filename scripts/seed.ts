// Demo data: the "Demo" organisation with an admin, two members and a support user, and a modest
// demo-model delay so runs are seen to progress. Their passwords are random, generated at the
// first seed and printed once. Idempotent.
// Run by the server on an embedded database, or alone: `npm run db:seed`.
import crypto from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { generateApiKey } from '../lib/services/api-keys/key-secret'
import { hashPassword } from '../lib/services/auth/password'
import type { Role } from '../lib/services/auth/permissions'
import type { Db } from '../lib/adapters/db/client'

/** The demo organisation's slug. */
export const DEMO_TENANT_SLUG = 'demo'

/** Delay of each offline demo model call in the Demo organisation, so a run visibly moves (admins change it in Settings). */
export const DEMO_LATENCY_MS = 400

/** The demo users (emails, names and roles; never passwords). */
export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: 'admin@demo.test', name: 'Avery Admin', role: 'admin' },
  { email: 'ada@demo.test', name: 'Ada Lovelace', role: 'member' },
  { email: 'grace@demo.test', name: 'Grace Hopper', role: 'member' },
  { email: 'sam@demo.test', name: 'Sam Support', role: 'support' },
]

/** Who gets the demo API key printed at the first start, and its scopes. */
export const DEMO_API_KEY_OWNER = 'ada@demo.test'
export const DEMO_API_KEY_SCOPES = ['runs:read', 'runs:write'] as const

/** Creates the demo organisation and users unless they exist; prints the new passwords once. */
export async function seedDemo(prisma: Db, log: (line: string) => void = console.log): Promise<'created' | 'existing'> {
  if (await prisma.tenant.findUnique({ where: { slug: DEMO_TENANT_SLUG }, select: { id: true } })) {
    log('demo users already exist (their passwords were printed when they were created)')
    return 'existing'
  }
  const accounts = await Promise.all(
    DEMO_USERS.map(async (user) => {
      const password = crypto.randomBytes(12).toString('base64url')
      return { ...user, password, passwordHash: await hashPassword(password) }
    }),
  )
  const demoKey = generateApiKey()
  const seeded = await prisma.$transaction(async (tx) => {
    let adminId = ''
    const tenant = await tx.tenant.create({
      data: { name: 'Demo', slug: DEMO_TENANT_SLUG, settings: { demoLatencyMs: DEMO_LATENCY_MS } },
    })
    for (const account of accounts) {
      const user = await tx.user.create({
        data: { email: account.email, name: account.name, passwordHash: account.passwordHash },
      })
      await tx.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: account.role } })
      if (account.role === 'admin') adminId = user.id
      if (account.email === DEMO_API_KEY_OWNER) {
        const key = await tx.apiKey.create({
          data: {
            tenantId: tenant.id,
            kind: 'personal',
            userId: user.id,
            name: 'Demo key',
            prefix: demoKey.prefix,
            secretHash: demoKey.secretHash,
            scopes: [...DEMO_API_KEY_SCOPES],
            createdById: user.id,
          },
        })
        await tx.auditLog.create({
          data: {
            tenantId: tenant.id,
            actorId: user.id,
            action: 'api_key.created',
            targetType: 'api_key',
            targetId: key.id,
            details: { kind: 'personal', name: 'Demo key', prefix: demoKey.prefix, scopes: [...DEMO_API_KEY_SCOPES] },
          },
        })
      }
    }
    await tx.auditLog.create({
      data: {
        tenantId: tenant.id,
        action: 'tenant.seeded',
        targetType: 'tenant',
        targetId: tenant.id,
        details: { users: DEMO_USERS.length },
      },
    })
    return { tenantId: tenant.id, adminId }
  })
  // A dataset and an experiment the demo model plays: the worker runs it when it starts.
  const { seedDemoExperiment } = await import('../lib/services/experiments/demo-experiment')
  await seedDemoExperiment(seeded.tenantId, seeded.adminId)
  const width = Math.max(...accounts.map((account) => account.email.length))
  log('')
  log('Demo organisation "Demo" created. Its users (passwords are shown only this once; save them now):')
  for (const account of accounts) log(`  ${account.role.padEnd(8)} ${account.email.padEnd(width)}  ${account.password}`)
  log('')
  log(`API key of ${DEMO_API_KEY_OWNER} (${DEMO_API_KEY_SCOPES.join(', ')}; shown only this once):`)
  log(`  ${demoKey.secret}`)
  log('')
  return 'created'
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { getDatabase } = await import('../lib/adapters/db/client')
  const database = await getDatabase()
  await seedDemo(database.prisma)
  await database.prisma.$disconnect()
  await database.embedded?.close()
}
