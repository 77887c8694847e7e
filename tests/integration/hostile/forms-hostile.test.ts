// Every field of every form (tenant and public actions), replaced in turn by every hostile value
// (wrong types, missing, empty, 1 MB, NUL bytes, lone surrogates, RTL overrides, zero-width
// characters, 4-byte emoji, combining marks, markup): each answer is a clear refusal or a success,
// never the unexpected-error result, and a refusal writes nothing to any table.
import { beforeAll, describe, expect, it } from 'vitest'
import { runAction, runPublicAction, type PublicActionDefinition } from '../../../lib/boundary/actions/define'
import { getPrisma } from '../../../lib/adapters/db/client'
import { createInvitation } from '../../../lib/services/tenants/invitations'
import { acceptInvitationForm, acceptInvitationWithAccountForm } from '../../../lib/services/tenants/forms'
import { confirmSignUpForm, signUpForm } from '../../../lib/services/users/forms'
import { requestSignUp } from '../../../lib/services/users/sign-up'
import { DEFINITIONS } from '../../support/action-definitions'
import { makeTarget } from '../../support/action-targets'
import { SERVER_ACTIONS } from '../../support/app-inventory'
import { HOSTILE_VALUES, UNEXPECTED_ERROR } from '../../support/hostile-values'
import { createIsolationFixtures, type IsolationTenant } from '../../support/isolation-fixtures'
import { tableDigest } from '../../support/table-digest'
import { mailedSignUpToken, randomAddress, randomEmail } from '../helpers'

let a: IsolationTenant
let b: IsolationTenant

beforeAll(async () => {
  ;({ a, b } = await createIsolationFixtures())
})

/** The input with `field` replaced by `value` (or removed when `value` is the MISSING sentinel). */
const MISSING = Symbol('missing')
function withField(input: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy = { ...input }
  if (value === MISSING) delete copy[field]
  else copy[field] = value
  return copy
}

const cases = (input: Record<string, unknown>) =>
  Object.keys(input).flatMap((field) =>
    [...Object.entries(HOSTILE_VALUES), ['missing', MISSING] as const].map(([name, value]) => ({ field, name, value })),
  )

type Outcome = { ok: boolean; error?: string }

/** Checks one answer: never the unexpected error; a refusal has a message and wrote nothing. Returns the problems. */
function judge(label: string, result: Outcome, before: unknown, after: unknown): string[] {
  if (typeof result?.ok !== 'boolean') return [`${label}: not an action result: ${String(result)}`]
  if (result.ok) return []
  return [
    ...(result.error === UNEXPECTED_ERROR ? [`${label}: unexpected server error`] : []),
    ...(!result.error ? [`${label}: refused without a message`] : []),
    ...(JSON.stringify(before) !== JSON.stringify(after)
      ? [`${label}: refused but wrote something (half-written)`]
      : []),
  ]
}

describe('tenant actions with hostile input', () => {
  for (const [key, { definition, input }] of Object.entries(DEFINITIONS)) {
    it(key, async () => {
      const expectation = SERVER_ACTIONS[key]
      if (expectation.kind !== 'tenant') throw new Error(`${key} is not a tenant action`)
      const ownResource = expectation.resource === 'ownLesson' || expectation.resource === 'run'
      const user = ownResource ? a.users.memberOne : a.users.admin
      const problems: string[] = []
      for (const { field, name, value } of cases(input('placeholder'))) {
        const targetId = await makeTarget({ own: a, other: b }, expectation.resource, 'owner', user)
        const before = await tableDigest([a.id, b.id])
        const result = await runAction(definition, withField(input(targetId), field, value), user.caller)
        problems.push(...judge(`${field} = ${name}`, result, before, await tableDigest([a.id, b.id])))
      }
      expect(problems).toEqual([])
    })
  }
})

describe('public actions with hostile input', () => {
  const publicForms: Record<
    string,
    {
      definition: PublicActionDefinition<never, unknown>
      input: () => Promise<Record<string, unknown>>
      userId: () => string | null
    }
  > = {
    'sign up': {
      definition: signUpForm as never,
      input: async () => ({
        name: 'Ada',
        email: randomEmail('hostile'),
        password: 'a-long-enough-password',
        tenantName: 'Hostile Org',
      }),
      userId: () => null,
    },
    'accept with a new account': {
      definition: acceptInvitationWithAccountForm as never,
      input: async () => ({
        code: (await createInvitation(a.users.admin.caller, { role: 'member' })).code,
        name: 'Grace',
        email: randomEmail('hostile'),
        password: 'a-long-enough-password',
      }),
      userId: () => null,
    },
    'confirm a sign-up link': {
      definition: confirmSignUpForm as never,
      input: async () => {
        const email = randomEmail('hostile')
        await requestSignUp({
          name: 'Ada',
          email,
          password: 'a-long-enough-password',
          tenantName: 'Linked Org',
          address: randomAddress(),
        })
        return { token: await mailedSignUpToken(email) }
      },
      userId: () => null,
    },
    'accept as a signed-in user': {
      definition: acceptInvitationForm as never,
      input: async () => ({ code: (await createInvitation(b.users.admin.caller, { role: 'member' })).code }),
      userId: () => a.users.support.id,
    },
  }
  for (const [label, form] of Object.entries(publicForms)) {
    it(label, async () => {
      const problems: string[] = []
      for (const { field, name, value } of cases(await form.input())) {
        const input = await form.input()
        const before = await tableDigest([a.id, b.id])
        const result = await runPublicAction(form.definition, withField(input, field, value), { userId: form.userId() })
        problems.push(...judge(`${field} = ${name}`, result, before, await tableDigest([a.id, b.id])))
        if (result.ok && label === 'accept as a signed-in user')
          await (await getPrisma()).membership.deleteMany({ where: { userId: a.users.support.id, tenantId: b.id } })
      }
      expect(problems).toEqual([])
    })
  }
})
