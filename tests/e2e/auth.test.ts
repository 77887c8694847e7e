// Sign up, sign in, sign out, invitations, and the pages each role is refused.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, screenshot } from './helpers/browser'
import { demoUser } from './helpers/config'
import { visit } from './helpers/outcome'
import { newAccount, signedInContext } from './helpers/personas'
import { AppShell, InvitationPage, MailOutboxPage, MembersPage, SignInPage, SignUpPage } from './pages'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('sign up, in and out', () => {
  it('sign up refuses bad input with field errors, creates an organisation with its admin once the address is confirmed, and answers an address with an account like any other', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const signUp = new SignUpPage(page)
    await signUp.open()
    await signUp.submit({ name: '', email: 'not-an-email', password: 'short', tenantName: 'x' })
    await page.locator('[data-field-error="password"]').waitFor()
    expect(await signUp.fieldError('name')).toMatch(/Enter your name/)
    expect(await signUp.fieldError('email')).toMatch(/valid email address/)
    expect(await signUp.fieldError('password')).toMatch(/at least 12 characters/)
    expect(await signUp.fieldError('tenantName')).toMatch(/at least 2 characters/)
    await screenshot(page, 'signup-errors')

    const admin = newAccount('Founder')
    await signUp.signUp({ ...admin, tenantName: 'Founders Inc' })
    expect(await page.getByText('Founders Inc · signed in as admin').count()).toBe(1)
    expect(await new AppShell(page).navLabels()).toContain('Members')
    await screenshot(page, 'home-admin')
    await context.close()

    // An address with an account gets the answer a new one gets; only its owner learns more, by mail.
    const again = await newContext(browser)
    const duplicate = new SignUpPage(await again.newPage())
    await duplicate.open()
    await duplicate.submit({ ...newAccount('Copy'), email: admin.email, tenantName: 'Copycat' })
    const answerForExisting = await duplicate.checkYourMail()
    const stranger = newAccount('Stranger')
    await duplicate.open()
    await duplicate.submit({ ...stranger, tenantName: 'Strangers' })
    const answerForNew = await duplicate.checkYourMail()
    expect(answerForExisting.replace(admin.email, '@')).toBe(answerForNew.replace(stranger.email, '@'))
    expect(await duplicate.fieldError('email')).toBeNull()
    const note = await new MailOutboxPage(duplicate.page).newestTo(admin.email)
    expect(note.text).toMatch(/already has an account/)
    await again.close()
  })

  it('sign in shows a clear error for a wrong password, then signs in; sign out ends the session', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    const signIn = new SignInPage(page)
    const ada = demoUser('ada@demo.test')
    await signIn.open()
    await signIn.submit(ada.email, `${ada.password}-wrong`)
    expect(await signIn.error()).toBe('Wrong email or password.')
    await screenshot(page, 'signin-error')
    await signIn.signIn(ada.email, ada.password)
    expect(await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).count()).toBe(1)
    const shell = new AppShell(page)
    expect(await shell.navLabels()).toEqual(['Runs', 'New task', 'Lessons', 'Experiments', 'API keys'])
    await shell.signOut()
    expect((await visit(page, '/settings/members')).outcome).toBe('signin')
    const cookies = await context.cookies()
    expect(cookies.find((cookie) => cookie.name.includes('session-token'))).toBeUndefined()
    await context.close()
  })

  it('session cookies are httpOnly and SameSite=Lax', async () => {
    const context = await signedInContext(browser, demoUser('grace@demo.test'))
    const session = (await context.cookies()).find((cookie) => cookie.name === 'next-auth.session-token')
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    const expiresInHours = ((session?.expires ?? 0) * 1000 - Date.now()) / 3_600_000
    expect(expiresInHours).toBeGreaterThan(7.9)
    expect(expiresInHours).toBeLessThanOrEqual(8)
    await context.close()
  })
})

describe('invitations', () => {
  it('an admin invites; a new person accepts once; the link then says it was used', async () => {
    const adminContext = await signedInContext(browser, demoUser('admin@demo.test'))
    const members = new MembersPage(await adminContext.newPage())
    await members.open()
    const link = await members.invite('support')
    await screenshot(members.page, 'members-invited')

    const newcomer = newAccount('Newcomer')
    const guestContext = await newContext(browser)
    const invitation = new InvitationPage(await guestContext.newPage())
    await invitation.open(link)
    expect(await invitation.page.getByText('You are invited as support').count()).toBe(1)
    await screenshot(invitation.page, 'invitation')
    await invitation.acceptWithNewAccount(newcomer)
    expect(await invitation.page.getByText('Demo · signed in as support').count()).toBe(1)

    const lateContext = await newContext(browser)
    const late = await lateContext.newPage()
    await late.goto(new URL(link).pathname)
    expect(await late.getByText('This invitation was already used.').count()).toBe(1)

    await members.open()
    expect(await members.memberEmails()).toContain(newcomer.email)
    for (const context of [adminContext, guestContext, lateContext]) await context.close()
  })

  it('a signed-in user of another organisation joins, then switches between the two', async () => {
    const founder = newAccount('Switcher')
    const ownContext = await newContext(browser)
    const page = await ownContext.newPage()
    await new SignUpPage(page).signUp({ ...founder, tenantName: 'Switch Co' })

    const adminContext = await signedInContext(browser, demoUser('admin@demo.test'))
    const members = new MembersPage(await adminContext.newPage())
    await members.open()
    const link = await members.invite('member', founder.email)

    const invitation = new InvitationPage(page)
    await invitation.open(link)
    await invitation.joinAsSignedInUser('Demo')
    const shell = new AppShell(page)
    await page.getByText('Demo · signed in as member').waitFor()
    expect(await shell.tenantOptions()).toEqual(['Switch Co (admin)', 'Demo (member)'])
    await screenshot(page, 'tenant-switcher')
    await shell.switchTenant('Switch Co')
    await page.getByText('Switch Co · signed in as admin').waitFor()
    expect(await shell.navLabels()).toContain('Members')
    await adminContext.close()
    await ownContext.close()
  })
})

describe('removing members and revoking invitations', () => {
  it('Remove asks first (Cancel keeps the member), then returns to the list with a message; a pending invitation is revoked and its link stops working', async () => {
    const adminContext = await signedInContext(browser, demoUser('admin@demo.test'))
    const members = new MembersPage(await adminContext.newPage())
    const page = members.page
    await members.open()
    const leaver = newAccount('Leaver')
    const link = await members.invite('member', leaver.email)
    const guestContext = await newContext(browser)
    const invitation = new InvitationPage(await guestContext.newPage())
    await invitation.open(link)
    await invitation.acceptWithNewAccount(leaver)

    await members.open()
    await members.manage(leaver.email)
    const remove = page.getByRole('button', { name: `Remove ${leaver.name}…` })
    await remove.click()
    expect(await members.removalQuestion()).toBe(
      `Remove ${leaver.name} from this organisation? They lose access at once.`,
    )
    await screenshot(page, 'member-remove-confirm')
    await page.getByRole('button', { name: 'Cancel' }).click()
    expect(await members.removalQuestion()).toBeNull()
    await members.open()
    expect(await members.memberEmails(), 'Cancel removes nobody').toContain(leaver.email)

    await members.manage(leaver.email)
    await remove.click()
    await page.getByRole('button', { name: `Yes, remove ${leaver.name}` }).click()
    await page.getByTestId('member-removed').waitFor()
    expect(new URL(page.url()).pathname).toBe('/settings/members')
    expect(await page.getByTestId('member-removed').innerText()).toBe(
      'The member was removed: they no longer have access to Demo.',
    )
    expect(await members.memberEmails()).not.toContain(leaver.email)
    await screenshot(page, 'member-removed')

    const invitee = newAccount('Invitee').email
    const pendingLink = await members.invite('support', invitee)
    await members.open()
    expect(await members.pendingInvitations()).toContain(`${invitee} · support`)
    await members.revokeInvitation(invitee)
    expect(await members.pendingInvitations()).not.toContain(`${invitee} · support`)
    await members.open()
    expect(await members.pendingInvitations(), 'still gone after a reload').not.toContain(`${invitee} · support`)
    expect((await visit(invitation.page, new URL(pendingLink).pathname)).outcome).toBe('notFound')
    await adminContext.close()
    await guestContext.close()
  })
})

describe('refusals', () => {
  it('a member is refused the admin pages (404) and does not see their links', async () => {
    const context = await signedInContext(browser, demoUser('ada@demo.test'))
    const page = await context.newPage()
    for (const path of ['/settings/members', '/admin/audit', '/admin/lessons', '/settings'])
      expect((await visit(page, path)).outcome, path).toBe('notFound')
    await screenshot(page, 'not-found')
    await page.goto('/')
    expect(await new AppShell(page).navLabels()).not.toContain('Members')
    await context.close()
  })

  it('a support user is refused lesson curation (404) and does not see its links', async () => {
    const context = await signedInContext(browser, demoUser('sam@demo.test'))
    const page = await context.newPage()
    for (const path of ['/admin/lessons', '/admin/review', '/admin/effect'])
      expect((await visit(page, path)).outcome, path).toBe('notFound')
    await page.goto('/')
    const labels = await new AppShell(page).navLabels()
    expect(labels).not.toContain('Shared lessons')
    expect(labels).toContain('Support')
    await context.close()
  })

  it("an admin cannot open another organisation's member page (404)", async () => {
    const demoAdmin = await signedInContext(browser, demoUser('admin@demo.test'))
    const demoMembers = new MembersPage(await demoAdmin.newPage())
    await demoMembers.open()
    const adaMembership = await demoMembers.membershipIdOf('ada@demo.test')
    expect((await visit(demoMembers.page, `/settings/members/${adaMembership}`)).outcome).toBe('ok')

    const otherAdmin = newAccount('Outsider')
    const otherContext = await newContext(browser)
    const page = await otherContext.newPage()
    await new SignUpPage(page).signUp({ ...otherAdmin, tenantName: 'Outsiders' })
    expect((await visit(page, `/settings/members/${adaMembership}`)).outcome).toBe('notFound')
    await demoAdmin.close()
    await otherContext.close()
  })
})

describe('layout', () => {
  it('works at 375 px: no sideways scrolling, a skip link to the content', async () => {
    const context = await newContext(browser, { mobile: true })
    const page = await context.newPage()
    await new SignInPage(page).signIn(demoUser('admin@demo.test').email, demoUser('admin@demo.test').password)
    for (const [path, name] of [
      ['/', 'mobile-home'],
      ['/settings/members', 'mobile-members'],
    ] as const) {
      await page.goto(path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375)
      await screenshot(page, name)
    }
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    await context.close()
  })
})
