// Signed-in browser contexts, one per person, and a second tenant built through the UI.
import crypto from 'node:crypto'
import type { Browser, BrowserContext } from 'playwright-core'
import type { Role } from '../../../lib/services/auth/permissions'
import { InvitationPage, MembersPage, SignInPage, SignUpPage } from '../pages'
import { newContext } from './browser'
import { demoUser } from './config'

/** Someone who can sign in. */
export type Account = { name?: string; email: string; password: string }

/** A signed-in context and who it is. */
export type Persona = { role: Role; account: Account; context: BrowserContext }

/** A tenant as the tests know it: name, one signed-in persona per role, membership ids by role. */
export type TenantFixture = {
  name: string
  personas: Record<Role, Persona>
  membershipIds: Record<Role, string>
  /** The tenant's dataset and experiment, when a test has found them (the Demo organisation seeds one). */
  experiments?: { datasetId: string; experimentId: string }
}

/** A fresh context signed in as `account`. */
export async function signedInContext(browser: Browser, account: Account): Promise<BrowserContext> {
  const context = await newContext(browser)
  const page = await context.newPage()
  await new SignInPage(page).signIn(account.email, account.password)
  await page.close()
  return context
}

/** A random, valid new account. */
export function newAccount(label: string): Required<Account> {
  const suffix = crypto.randomBytes(4).toString('hex')
  return {
    name: `${label} ${suffix}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${suffix}@example.test`,
    password: `pw-${crypto.randomBytes(9).toString('base64url')}`,
  }
}

async function membershipIds(context: BrowserContext, emails: Record<Role, string>): Promise<Record<Role, string>> {
  const page = await context.newPage()
  const members = new MembersPage(page)
  await members.open()
  const ids = {
    admin: await members.membershipIdOf(emails.admin),
    member: await members.membershipIdOf(emails.member),
    support: await members.membershipIdOf(emails.support),
  }
  await page.close()
  return ids
}

/** The seeded Demo tenant: admin@demo.test, ada@demo.test (member), sam@demo.test (support). */
export async function demoTenant(browser: Browser): Promise<TenantFixture> {
  const accounts = {
    admin: demoUser('admin@demo.test'),
    member: demoUser('ada@demo.test'),
    support: demoUser('sam@demo.test'),
  }
  const personas = {} as Record<Role, Persona>
  for (const role of ['admin', 'member', 'support'] as Role[])
    personas[role] = { role, account: accounts[role], context: await signedInContext(browser, accounts[role]) }
  return {
    name: 'Demo',
    personas,
    membershipIds: await membershipIds(personas.admin.context, {
      admin: accounts.admin.email,
      member: accounts.member.email,
      support: accounts.support.email,
    }),
  }
}

/** A new tenant made through the UI: sign up an admin, invite a member and a support user, who accept. */
export async function tenantThroughUi(browser: Browser, name: string): Promise<TenantFixture> {
  const admin = newAccount(`${name} admin`)
  const adminContext = await newContext(browser)
  const adminPage = await adminContext.newPage()
  await new SignUpPage(adminPage).signUp({ ...admin, tenantName: name })
  const personas = { admin: { role: 'admin', account: admin, context: adminContext } } as Record<Role, Persona>
  for (const role of ['member', 'support'] as const) {
    const members = new MembersPage(adminPage)
    await members.open()
    const link = await members.invite(role)
    const account = newAccount(`${name} ${role}`)
    const context = await newContext(browser)
    const page = await context.newPage()
    const invitation = new InvitationPage(page)
    await invitation.open(link)
    await invitation.acceptWithNewAccount(account)
    await page.close()
    personas[role] = { role, account, context }
  }
  await adminPage.close()
  return {
    name,
    personas,
    membershipIds: await membershipIds(adminContext, {
      admin: admin.email,
      member: personas.member.account.email,
      support: personas.support.account.email,
    }),
  }
}

/** Closes every persona's context. */
export async function closeTenant(tenant: TenantFixture | undefined): Promise<void> {
  for (const persona of Object.values(tenant?.personas ?? {})) await persona.context.close()
}
