// Security finding 7 (open sign-up): sign-up is throttled per client address (in the database, shared
// and durable), answers the same whether an address has an account, creates nothing until the link
// mailed to the address is used, can be turned off by the operator, and an invitation bound to an
// address can only be claimed by someone who proves that address.
import { describe, expect, it } from 'vitest'
import { runPublicAction } from '../../../lib/boundary/actions/define'
import { authenticate, SignInError, WRONG_CREDENTIALS } from '../../../lib/services/auth/authenticate'
import { getPrisma } from '../../../lib/adapters/db/client'
import {
  createSmtpTransport,
  deliverDueMail,
  MAIL_DELIVERY_POLICY,
  type MailTransport,
} from '../../../lib/adapters/mail'
import { acceptInvitation, createInvitation, INVALID_INVITATION } from '../../../lib/services/tenants/invitations'
import { SIGN_UP_POLICY } from '../../../lib/services/rate-limit/sign-up-policy'
import { listMembershipsOfUser } from '../../../lib/services/users/queries'
import { signUpForm } from '../../../lib/services/users/forms'
import { hashSignUpToken } from '../../../lib/services/users/sign-up-token'
import {
  CHECK_YOUR_MAIL,
  confirmSignUp,
  INVALID_SIGN_UP_LINK,
  previewSignUpLink,
  pruneSignUpRecords,
  requestSignUp,
  SIGN_UP_CLOSED,
  type SignUpSettings,
} from '../../../lib/services/users/sign-up'
import { startFakeSmtpServer } from '../../support/fake-smtp-server'
import {
  addUser,
  createTenantWithUsers,
  mailedSignUpToken,
  mailsTo,
  randomAddress,
  randomEmail,
  rowCounts,
  TEST_PASSWORD,
} from '../helpers'

const PASSWORD = 'a-long-enough-password'
const open = (limitPerHour = 1000): SignUpSettings => ({ mode: 'open', limitPerHour })
const founder = (label = 'founder') => ({
  name: 'Ada',
  email: randomEmail(label),
  password: PASSWORD,
  tenantName: `Org ${label}`,
})

async function signInAs(email: string, password: string) {
  try {
    return await authenticate({ email, password, address: randomAddress() }, { delay: async () => {} })
  } catch (error) {
    if (error instanceof SignInError) return error.message
    throw error
  }
}

describe('the sign-up limit per client address', () => {
  it('refuses the request over the limit with a clear message, lets another address through, and frees up as the window slides', async () => {
    const address = randomAddress()
    const now = new Date()
    for (let index = 0; index < 3; index++)
      await expect(requestSignUp({ ...founder(), address }, { now, settings: open(3) })).resolves.toMatchObject({
        message: CHECK_YOUR_MAIL,
      })
    const before = await rowCounts()
    const pendingBefore = await (await getPrisma()).pendingSignUp.count()
    await expect(requestSignUp({ ...founder(), address }, { now, settings: open(3) })).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many sign-ups from your network. Try again in 60 minutes.',
    })
    expect(await rowCounts()).toEqual(before)
    expect(await (await getPrisma()).pendingSignUp.count()).toBe(pendingBefore)
    await expect(
      requestSignUp({ ...founder(), address: randomAddress() }, { now, settings: open(3) }),
    ).resolves.toBeTruthy()
    const later = new Date(now.getTime() + 61 * 60_000)
    await expect(requestSignUp({ ...founder(), address }, { now: later, settings: open(3) })).resolves.toBeTruthy()
  })

  it('lets exactly the limit through when requests arrive at once (the probe made 200 tenants in 3.2 s)', async () => {
    const address = randomAddress()
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () => requestSignUp({ ...founder('burst'), address }, { settings: open(5) })),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5)
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(String(outcome.reason)).toMatch(/Too many sign-ups from your network/)
  })

  it('is kept in the database (every app server shares it, a restart keeps it) under the address the form was sent from', async () => {
    const address = randomAddress()
    const result = await runPublicAction(signUpForm, founder(), { userId: null, address })
    expect(result).toMatchObject({ ok: true })
    expect(await (await getPrisma()).signUpAttempt.count({ where: { address } })).toBe(1)
  })
})

describe('sign-up does not reveal accounts', () => {
  it('answers an address with an account exactly like a new one; only that address learns, by mail', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const fresh = founder()
    const prisma = await getPrisma()
    const before = await rowCounts()
    const forExisting = await runPublicAction(
      signUpForm,
      { ...founder(), email: tenant.member.email },
      { userId: null, address: randomAddress() },
    )
    const forNew = await runPublicAction(signUpForm, fresh, { userId: null, address: randomAddress() })
    expect(forExisting).toEqual({ ok: true, data: { email: tenant.member.email, message: CHECK_YOUR_MAIL } })
    expect(forNew).toEqual({ ok: true, data: { email: fresh.email, message: CHECK_YOUR_MAIL } })
    expect(await rowCounts()).toEqual(before)
    expect(await prisma.pendingSignUp.count({ where: { email: tenant.member.email } })).toBe(0)

    const [existingMail] = await mailsTo(tenant.member.email)
    expect(existingMail).toMatchObject({ kind: 'sign_up.existing_account' })
    expect(existingMail.bodyText).toMatch(/already has an account/)
    expect(existingMail.bodyText).toContain('/signin')
    expect(existingMail.bodyText).not.toContain('/verify/')
    const [confirmMail] = await mailsTo(fresh.email)
    expect(confirmMail).toMatchObject({ kind: 'sign_up.confirm' })
    expect(confirmMail.bodyText).toMatch(/\/verify\/[A-Za-z0-9_-]{40,}/)
  })

  it('sends an address at most 3 sign-up mails an hour, however many networks ask, and still answers the same', async () => {
    const email = randomEmail('bombed')
    for (let index = 0; index < 5; index++)
      await expect(
        requestSignUp({ ...founder(), email, address: randomAddress() }, { settings: open() }),
      ).resolves.toEqual({ email, message: CHECK_YOUR_MAIL })
    expect(await mailsTo(email)).toHaveLength(SIGN_UP_POLICY.maxMailsPerRecipient)
  })
})

describe('e-mail verification', () => {
  it('creates nothing and signs nobody in until the link is used; the link makes the account, its organisation and admin role', async () => {
    const request = founder()
    await requestSignUp({ ...request, address: randomAddress() }, { settings: open() })
    const prisma = await getPrisma()
    expect(await prisma.user.count({ where: { email: request.email } })).toBe(0)
    expect(await signInAs(request.email, PASSWORD)).toBe(WRONG_CREDENTIALS)

    const token = await mailedSignUpToken(request.email)
    const row = await prisma.pendingSignUp.findFirstOrThrow({ where: { email: request.email } })
    expect(row.tokenHash).toBe(hashSignUpToken(token))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(JSON.stringify(row)).not.toContain(PASSWORD)
    expect(await previewSignUpLink(token)).toEqual({
      email: request.email,
      purpose: { tenantName: request.tenantName },
      status: 'valid',
    })

    const confirmed = await confirmSignUp(token)
    expect(await listMembershipsOfUser(confirmed.userId)).toEqual([
      expect.objectContaining({ tenantId: confirmed.tenantId, tenantName: request.tenantName, role: 'admin' }),
    ])
    expect(await prisma.auditLog.count({ where: { tenantId: confirmed.tenantId, action: 'tenant.created' } })).toBe(1)
    expect(await signInAs(request.email, PASSWORD)).toMatchObject({ id: confirmed.userId })
    expect((await previewSignUpLink(token))?.status).toBe('used')
    await expect(confirmSignUp(token)).rejects.toThrow(INVALID_SIGN_UP_LINK)
    const used = await prisma.pendingSignUp.findUniqueOrThrow({
      where: { tokenHash: hashSignUpToken(token) },
      select: { passwordHash: true },
    })
    expect(used.passwordHash).toBe('') // the account has it now; the used row keeps only what its page shows
  })

  it('forgets pending sign-ups a month after their link expired', async () => {
    const old = founder('old')
    const fresh = founder('fresh')
    await requestSignUp(
      { ...old, address: randomAddress() },
      { now: new Date(Date.now() - 40 * 24 * 3600_000), settings: open() },
    )
    await requestSignUp({ ...fresh, address: randomAddress() }, { settings: open() })
    await pruneSignUpRecords()
    const prisma = await getPrisma()
    expect(await prisma.pendingSignUp.count({ where: { email: old.email } })).toBe(0)
    expect(await prisma.pendingSignUp.count({ where: { email: fresh.email } })).toBe(1)
  })

  it('a link expires after 24 hours; an unknown link shows nothing', async () => {
    const request = founder()
    const now = new Date()
    await requestSignUp({ ...request, address: randomAddress() }, { now, settings: open() })
    const token = await mailedSignUpToken(request.email)
    const dayLater = new Date(now.getTime() + 24 * 3600_000 + 1000)
    expect((await previewSignUpLink(token, dayLater))?.status).toBe('expired')
    await expect(confirmSignUp(token, dayLater)).rejects.toThrow(INVALID_SIGN_UP_LINK)
    expect(await (await getPrisma()).user.count({ where: { email: request.email } })).toBe(0)
    expect(await previewSignUpLink('no-such-token-0123456789')).toBeNull()
    await expect(confirmSignUp('no-such-token-0123456789')).rejects.toThrow(INVALID_SIGN_UP_LINK)
  })

  it('someone who signs up with another person’s address gets nothing: the owner’s own sign-up still works', async () => {
    const victim = founder('victim')
    await requestSignUp(
      { ...victim, password: 'the-squatters-password', address: randomAddress() },
      { settings: open() },
    )
    await requestSignUp({ ...victim, address: randomAddress() }, { settings: open() })
    const confirmed = await confirmSignUp(await mailedSignUpToken(victim.email))
    expect(await signInAs(victim.email, PASSWORD)).toMatchObject({ id: confirmed.userId })
    expect(await signInAs(victim.email, 'the-squatters-password')).toBe(WRONG_CREDENTIALS)
    // The squatter's link was mailed to the victim too, and now creates nothing.
    expect(await (await getPrisma()).pendingSignUp.count({ where: { email: victim.email, confirmedAt: null } })).toBe(0)
  })

  it('users who existed before (seeded, SSO, made by helpers) sign in as before', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    expect(await signInAs(tenant.member.email, TEST_PASSWORD)).toMatchObject({ id: tenant.member.id })
  })
})

describe('operator setting: SIGNUP=invite-only', () => {
  it('refuses sign-up with a clear message, writing nothing; invitations still make accounts', async () => {
    const inviteOnly: SignUpSettings = { mode: 'invite-only', limitPerHour: 1000 }
    const before = await rowCounts()
    await expect(
      requestSignUp({ ...founder(), address: randomAddress() }, { settings: inviteOnly }),
    ).rejects.toMatchObject({ code: 'forbidden', message: SIGN_UP_CLOSED })
    expect(await rowCounts()).toEqual(before)

    const tenant = await createTenantWithUsers({ roles: ['admin'] })
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member' })
    const invitee = { name: 'Grace', email: randomEmail('invitee'), password: PASSWORD }
    await requestSignUp({ ...invitee, invitationCode: code, address: randomAddress() }, { settings: inviteOnly })
    const joined = await confirmSignUp(await mailedSignUpToken(invitee.email))
    expect(joined.tenantId).toBe(tenant.id)
  })
})

describe('invitations bound to an address', () => {
  it('whoever types the bound address gets the same answer; only the mailed link to that address joins', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin'] })
    const invited = randomEmail('invited')
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member', email: invited })
    const before = await rowCounts()
    const typed = await requestSignUp(
      {
        name: 'Mallory',
        email: invited,
        password: 'mallorys-password!',
        invitationCode: code,
        address: randomAddress(),
      },
      { settings: open() },
    )
    expect(typed).toEqual({ email: invited, message: CHECK_YOUR_MAIL })
    expect(await rowCounts()).toEqual(before) // no account, no membership, the invitation unused
    expect(await signInAs(invited, 'mallorys-password!')).toBe(WRONG_CREDENTIALS)
    const joined = await confirmSignUp(await mailedSignUpToken(invited))
    expect(joined.tenantId).toBe(tenant.id)
  })

  it('is mailed to that address (the same mail whether or not it has an account); an open invitation mails nobody', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const invited = randomEmail('mailed')
    const bound = await createInvitation(tenant.admin.caller, { role: 'support', email: invited })
    expect(bound.mailedTo).toBe(invited)
    const [mail] = await mailsTo(invited)
    expect(mail).toMatchObject({
      kind: 'invitation',
      subject: `You are invited to join ${tenant.name} on Reflexion Studio`,
    })
    expect(mail.bodyText).toContain(`/invite/${bound.code}`)
    await createInvitation(tenant.admin.caller, { role: 'member', email: tenant.member.email })
    expect((await mailsTo(tenant.member.email)).map((sent) => sent.kind)).toEqual(['invitation'])
    const prisma = await getPrisma()
    const before = await prisma.mailOutbox.count()
    expect((await createInvitation(tenant.admin.caller, { role: 'member' })).mailedTo).toBeNull()
    expect(await prisma.mailOutbox.count()).toBe(before)
  })

  it('another address is refused (it says whom the invitation is for, never whether accounts exist)', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin'] })
    const invited = randomEmail('invited')
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member', email: invited })
    await expect(
      requestSignUp(
        {
          name: 'Mallory',
          email: randomEmail('other'),
          password: PASSWORD,
          invitationCode: code,
          address: randomAddress(),
        },
        { settings: open() },
      ),
    ).rejects.toMatchObject({ code: 'bad_request', fieldErrors: { email: [expect.stringContaining(invited)] } })
  })

  it('an address that already has an account gets the same answer and a mail; signed in with it, that person joins', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin'] })
    const home = await createTenantWithUsers({ roles: ['admin'] })
    const person = await addUser(home.id, 'member', 'bound')
    const { code } = await createInvitation(tenant.admin.caller, { role: 'support', email: person.email })
    const before = await rowCounts()
    await expect(
      requestSignUp(
        { name: 'Someone', email: person.email, password: PASSWORD, invitationCode: code, address: randomAddress() },
        { settings: open() },
      ),
    ).resolves.toEqual({ email: person.email, message: CHECK_YOUR_MAIL })
    expect(await rowCounts()).toEqual(before)
    const mail = (await mailsTo(person.email)).find((sent) => sent.kind !== 'invitation')
    expect(mail?.kind).toBe('sign_up.existing_account')
    expect(mail?.bodyText).toContain(`join ${tenant.name}`)
    const stranger = await addUser(home.id, 'member', 'stranger')
    await expect(acceptInvitation(code, stranger.id)).rejects.toMatchObject({ code: 'bad_request' })
    expect(await acceptInvitation(code, person.id)).toEqual({ tenantId: tenant.id, role: 'support' })
  })

  it('a link for an invitation that was used or revoked in the meantime creates no account', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member' })
    const late = { name: 'Late', email: randomEmail('late'), password: PASSWORD }
    await requestSignUp({ ...late, invitationCode: code, address: randomAddress() }, { settings: open() })
    const other = await createTenantWithUsers({ roles: ['member'] })
    await acceptInvitation(code, other.member.id)
    await expect(confirmSignUp(await mailedSignUpToken(late.email))).rejects.toThrow(INVALID_INVITATION)
    expect(await (await getPrisma()).user.count({ where: { email: late.email } })).toBe(0)
  })
})

describe('mail delivery', () => {
  it('sends due mail once each, records failures with a backoff, and gives up after the last attempt', async () => {
    const request = founder('delivered')
    await requestSignUp({ ...request, address: randomAddress() }, { settings: open() })
    const [queued] = await mailsTo(request.email)
    const sent: string[] = []
    const working: MailTransport = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5))
        sent.push(mail.to)
      },
    }
    await Promise.all([deliverDueMail(working, { limit: 500 }), deliverDueMail(working, { limit: 500 })])
    expect(sent.filter((to) => to === request.email)).toEqual([request.email])
    const prisma = await getPrisma()
    expect((await prisma.mailOutbox.findUniqueOrThrow({ where: { id: queued.id } })).sentAt).not.toBeNull()

    const failing = founder('failing')
    await requestSignUp({ ...failing, address: randomAddress() }, { settings: open() })
    const [stuck] = await mailsTo(failing.email)
    const broken: MailTransport = {
      async send() {
        throw new Error('421 try later')
      },
    }
    const now = new Date(Date.now() + 1000)
    await deliverDueMail(broken, { now, limit: 500 })
    const afterFailure = await prisma.mailOutbox.findUniqueOrThrow({ where: { id: stuck.id } })
    expect(afterFailure).toMatchObject({ sentAt: null, attempts: 1, lastError: '421 try later' })
    expect(afterFailure.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000)
    await prisma.mailOutbox.update({
      where: { id: stuck.id },
      data: { attempts: MAIL_DELIVERY_POLICY.maxAttempts, nextAttemptAt: now },
    })
    await deliverDueMail(working, { now: new Date(now.getTime() + 1000), limit: 500 })
    expect(sent).not.toContain(failing.email)
  })

  it('speaks SMTP: the confirmation mail reaches the server with its link', async () => {
    const server = await startFakeSmtpServer()
    try {
      const request = founder('smtp')
      await requestSignUp({ ...request, address: randomAddress() }, { settings: open() })
      await deliverDueMail(createSmtpTransport(server.url), { from: 'Studio <no-reply@studio.test>', limit: 500 })
      const mail = server.received.find((received) => received.to.some((to) => to.includes(request.email)))
      expect(mail?.from).toContain('no-reply@studio.test')
      expect(mail?.data).toContain('Subject: Confirm your e-mail address for Reflexion Studio')
      const body = mail?.data.replace(/=\n/g, '') // quoted-printable soft line breaks, as a mail client joins them
      expect(body).toContain(`/verify/${await mailedSignUpToken(request.email)}`)
    } finally {
      await server.close()
    }
  })
})
