// Every form refuses bad input with a field error that says what is accepted, and writes nothing.
import { describe, expect, it } from 'vitest'
import {
  runAction,
  runPublicAction,
  type ActionDefinition,
  type PublicActionDefinition,
} from '../../../lib/boundary/actions/define'
import type { Caller } from '../../../lib/services/auth/caller'
import { createInvitation } from '../../../lib/services/tenants/invitations'
import {
  acceptInvitationForm,
  acceptInvitationWithAccountForm,
  changeRoleForm,
  inviteMemberForm,
  removeMemberForm,
} from '../../../lib/services/tenants/forms'
import { signUpForm } from '../../../lib/services/users/forms'
import { CHECK_YOUR_MAIL, confirmSignUp } from '../../../lib/services/users/sign-up'
import { createTenantWithUsers, mailedSignUpToken, mailsTo, randomEmail, rowCounts } from '../helpers'

type Case = { name: string; input: unknown; field: string; message: RegExp }
const long = (length: number) => 'x'.repeat(length)

async function expectRefusedPublic(
  definition: PublicActionDefinition<never, unknown>,
  testCase: Case,
  userId: string | null = null,
) {
  const before = await rowCounts()
  const result = await runPublicAction(definition, testCase.input, { userId })
  expect(result.ok, testCase.name).toBe(false)
  if (result.ok) return
  expect(result.fieldErrors?.[testCase.field]?.join(' '), testCase.name).toMatch(testCase.message)
  expect(await rowCounts(), testCase.name).toEqual(before)
}

async function expectRefused(definition: ActionDefinition<never, unknown>, testCase: Case, caller: Caller) {
  const before = await rowCounts()
  const result = await runAction(definition, testCase.input, caller)
  expect(result.ok, testCase.name).toBe(false)
  if (result.ok) return
  expect(result.fieldErrors?.[testCase.field]?.join(' '), testCase.name).toMatch(testCase.message)
  expect(await rowCounts(), testCase.name).toEqual(before)
}

function formData(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

describe('sign-up form', () => {
  const valid = () => ({
    name: 'Ada',
    email: randomEmail('signup'),
    password: 'a-long-enough-password',
    tenantName: 'Analytical Engines',
  })

  it('refuses empty, too long and wrong-type input, writing nothing', async () => {
    const cases: Case[] = [
      { name: 'empty name', input: formData({ ...valid(), name: '' }), field: 'name', message: /Enter your name/ },
      {
        name: 'empty email',
        input: formData({ ...valid(), email: '' }),
        field: 'email',
        message: /Enter an email address/,
      },
      {
        name: 'not an email',
        input: formData({ ...valid(), email: 'ada-at-example' }),
        field: 'email',
        message: /valid email address, like name@example.com/,
      },
      {
        name: 'short password',
        input: formData({ ...valid(), password: 'short' }),
        field: 'password',
        message: /at least 12 characters/,
      },
      {
        name: 'long password',
        input: formData({ ...valid(), password: long(201) }),
        field: 'password',
        message: /at most 200 characters/,
      },
      {
        name: 'long name',
        input: formData({ ...valid(), name: long(101) }),
        field: 'name',
        message: /at most 100 characters/,
      },
      {
        name: 'long tenant name',
        input: formData({ ...valid(), tenantName: long(81) }),
        field: 'tenantName',
        message: /at most 80 characters/,
      },
      {
        name: 'empty tenant name',
        input: formData({ ...valid(), tenantName: ' ' }),
        field: 'tenantName',
        message: /at least 2 characters/,
      },
      {
        name: 'wrong type',
        input: { ...valid(), password: 123456789012345 },
        field: 'password',
        message: /Enter a password/,
      },
      {
        name: 'missing field',
        input: { name: 'Ada', email: randomEmail(), password: 'a-long-enough-password' },
        field: 'tenantName',
        message: /Enter a name for your organisation/,
      },
    ]
    for (const testCase of cases) await expectRefusedPublic(signUpForm as never, testCase)
  })

  it('accepts valid input: nothing but a mail until its link is used, then a user, a tenant, the user its admin, and an audit entry', async () => {
    const before = await rowCounts()
    const input = valid()
    const result = await runPublicAction(signUpForm, formData({ ...input, email: `  ${input.email.toUpperCase()} ` }), {
      userId: null,
    })
    expect(result).toEqual({ ok: true, data: { email: input.email, message: CHECK_YOUR_MAIL } })
    expect(await rowCounts()).toEqual(before)
    await confirmSignUp(await mailedSignUpToken(input.email))
    expect(await rowCounts()).toEqual({
      ...before,
      users: before.users + 1,
      tenants: before.tenants + 1,
      memberships: before.memberships + 1,
      auditLogs: before.auditLogs + 1,
    })
  })

  it('gives an address that already has an account the same answer, and writes nothing but a mail to it', async () => {
    const existing = await createTenantWithUsers({ roles: ['admin'] })
    const before = await rowCounts()
    const result = await runPublicAction(
      signUpForm,
      formData({ ...valid(), email: existing.admin.email.toUpperCase() }),
      {
        userId: null,
      },
    )
    expect(result).toEqual({ ok: true, data: { email: existing.admin.email, message: CHECK_YOUR_MAIL } })
    expect(await rowCounts()).toEqual(before)
    expect((await mailsTo(existing.admin.email)).map((mail) => mail.kind)).toEqual(['sign_up.existing_account'])
  })
})

describe('member forms', () => {
  it('invite: refuses a wrong role, a bad or too long email, and members without the permission', async () => {
    const tenant = await createTenantWithUsers()
    const cases: Case[] = [
      {
        name: 'unknown role',
        input: formData({ role: 'owner' }),
        field: 'role',
        message: /Choose a role: member, admin, support/,
      },
      { name: 'empty role', input: formData({ role: '' }), field: 'role', message: /Choose a role/ },
      { name: 'wrong type role', input: { role: 7 }, field: 'role', message: /Choose a role/ },
      {
        name: 'bad email',
        input: formData({ role: 'member', email: 'nope' }),
        field: 'email',
        message: /valid email address/,
      },
      {
        name: 'long email',
        input: formData({ role: 'member', email: `${long(250)}@x.io` }),
        field: 'email',
        message: /at most 254/,
      },
    ]
    for (const testCase of cases) await expectRefused(inviteMemberForm as never, testCase, tenant.admin.caller)
    const before = await rowCounts()
    expect(await runAction(inviteMemberForm, formData({ role: 'member' }), tenant.member.caller)).toEqual({
      ok: false,
      error: 'Not found',
    })
    expect(await runAction(inviteMemberForm, formData({ role: 'member' }), null)).toMatchObject({
      ok: false,
      error: /Sign in again/,
    })
    expect(await rowCounts()).toEqual(before)
  })

  it('change role and remove: refuse missing ids and wrong roles', async () => {
    const tenant = await createTenantWithUsers()
    const roleCases: Case[] = [
      { name: 'missing member', input: formData({ role: 'admin' }), field: 'membershipId', message: /Missing member/ },
      {
        name: 'too long id',
        input: formData({ membershipId: long(65), role: 'admin' }),
        field: 'membershipId',
        message: /not a valid member/,
      },
      {
        name: 'unknown role',
        input: formData({ membershipId: tenant.member.membershipId, role: 'root' }),
        field: 'role',
        message: /Choose a role/,
      },
    ]
    for (const testCase of roleCases) await expectRefused(changeRoleForm as never, testCase, tenant.admin.caller)
    await expectRefused(
      removeMemberForm as never,
      { name: 'empty id', input: formData({ membershipId: '' }), field: 'membershipId', message: /Missing member/ },
      tenant.admin.caller,
    )
  })

  it('refuses to demote or remove the only admin, with a field error, writing nothing', async () => {
    const tenant = await createTenantWithUsers()
    const { membershipId } = tenant.admin
    await expectRefused(
      changeRoleForm as never,
      { name: 'demote last admin', input: { membershipId, role: 'member' }, field: 'role', message: /only admin/ },
      tenant.admin.caller,
    )
    await expectRefused(
      removeMemberForm as never,
      { name: 'remove last admin', input: { membershipId }, field: 'membershipId', message: /only admin/ },
      tenant.admin.caller,
    )
  })
})

describe('invitation forms', () => {
  it('accepting with a new account refuses bad input, answers an address with an account like any other, and does not use up the code', async () => {
    const tenant = await createTenantWithUsers()
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member' })
    const valid = () => ({ code, name: 'Grace', email: randomEmail('invitee'), password: 'a-long-enough-password' })
    const cases: Case[] = [
      { name: 'empty name', input: { ...valid(), name: '' }, field: 'name', message: /Enter your name/ },
      { name: 'bad email', input: { ...valid(), email: 'grace' }, field: 'email', message: /valid email/ },
      { name: 'short password', input: { ...valid(), password: 'x' }, field: 'password', message: /at least 12/ },
      { name: 'missing code', input: { ...valid(), code: '' }, field: 'code', message: /incomplete/ },
      { name: 'long code', input: { ...valid(), code: long(129) }, field: 'code', message: /not an invitation code/ },
    ]
    for (const testCase of cases) await expectRefusedPublic(acceptInvitationWithAccountForm as never, testCase)
    const existing = await runPublicAction(
      acceptInvitationWithAccountForm,
      { ...valid(), email: tenant.member.email },
      { userId: null },
    )
    expect(existing).toEqual({ ok: true, data: { email: tenant.member.email, message: CHECK_YOUR_MAIL } })
    const input = valid()
    const accepted = await runPublicAction(acceptInvitationWithAccountForm, input, { userId: null })
    expect(accepted).toEqual({ ok: true, data: { email: input.email, message: CHECK_YOUR_MAIL } })
    expect(await confirmSignUp(await mailedSignUpToken(input.email))).toMatchObject({ tenantId: tenant.id })
  })

  it('accepting as a signed-in user needs a code and a session', async () => {
    const tenant = await createTenantWithUsers({ roles: ['admin'] })
    await expectRefusedPublic(
      acceptInvitationForm as never,
      { name: 'no code', input: {}, field: 'code', message: /Missing invitation code/ },
      tenant.admin.id,
    )
    const { code } = await createInvitation(tenant.admin.caller, { role: 'member' })
    expect(await runPublicAction(acceptInvitationForm, { code }, { userId: null })).toMatchObject({
      ok: false,
      error: /Sign in first/,
    })
  })
})
