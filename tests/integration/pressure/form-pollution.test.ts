// The prototype-pollution probe: every form (tenant and public actions) posted as FormData with
// hostile field names (`__proto__.x`, `constructor.prototype.x`, `a.__proto__.x`, …) next to its valid
// fields. Object.prototype must be untouched after each post, no answer is the unexpected error, and
// /api/health still answers 200 with a real database query.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GET as health } from '../../../app/api/health/route'
import { runAction, runPublicAction, type PublicActionDefinition } from '../../../lib/boundary/actions/define'
import { createInvitation } from '../../../lib/services/tenants/invitations'
import { acceptInvitationForm, acceptInvitationWithAccountForm } from '../../../lib/services/tenants/forms'
import { confirmSignUpForm, signUpForm } from '../../../lib/services/users/forms'
import { requestSignUp } from '../../../lib/services/users/sign-up'
import { DEFINITIONS } from '../../support/action-definitions'
import { makeTarget } from '../../support/action-targets'
import { SERVER_ACTIONS } from '../../support/app-inventory'
import { UNEXPECTED_ERROR } from '../../support/hostile-values'
import { createIsolationFixtures, type IsolationTenant } from '../../support/isolation-fixtures'
import { mailedSignUpToken, randomAddress, randomEmail } from '../helpers'

let a: IsolationTenant
let b: IsolationTenant
const pristine = Object.getOwnPropertyNames(Object.prototype).sort()

beforeAll(async () => {
  ;({ a, b } = await createIsolationFixtures())
})

afterEach(() => {
  // Repair whatever a failing case polluted, so one failure does not take the rest of the run with it.
  for (const name of Object.getOwnPropertyNames(Object.prototype))
    if (!pristine.includes(name)) delete (Object.prototype as Record<string, unknown>)[name]
})

const PROBES = ['status', 'OPENAI_BASE_URL', 'polluted', 'ok', 'role', 'tenantId', 'then']

/** Hostile names built on a form's own field names and on the segments that reach a prototype. */
function hostileNames(fields: string[]): string[] {
  const names = new Set<string>()
  for (const probe of PROBES) {
    names.add(`__proto__.${probe}`)
    names.add(`constructor.prototype.${probe}`)
    names.add(`prototype.${probe}`)
    names.add(`__proto__[${probe}]`)
    for (const field of fields) {
      names.add(`${field}.__proto__.${probe}`)
      names.add(`${field}.constructor.prototype.${probe}`)
    }
  }
  for (const field of fields) names.add(`__proto__.${field}`)
  // The task form's nested names.
  for (const nested of ['evaluator', 'reflexion', 'architecture', 'architecture.workers.0'])
    names.add(`${nested}.__proto__.polluted`)
  names.add('__proto__')
  names.add('constructor')
  return [...names]
}

function pollution(): string[] {
  const added = Object.getOwnPropertyNames(Object.prototype).filter((name) => !pristine.includes(name))
  const probed = PROBES.filter((probe) => probe in {} && !pristine.includes(probe))
  return [...new Set([...added, ...probed])]
}

function formDataOf(input: Record<string, unknown>, hostile: string): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(input)) form.append(key, typeof value === 'string' ? value : String(value))
  form.append(hostile, '599')
  return form
}

async function healthIsOk(): Promise<string[]> {
  const response = await health()
  const body = await response.json()
  return response.status === 200 && body.db === 'ok' ? [] : [`health answered ${response.status}`]
}

describe('prototype pollution through form field names', () => {
  for (const [key, { definition, input }] of Object.entries(DEFINITIONS)) {
    it(key, async () => {
      const expectation = SERVER_ACTIONS[key]
      if (expectation.kind !== 'tenant') throw new Error(`${key} is not a tenant action`)
      const ownResource = expectation.resource === 'ownLesson' || expectation.resource === 'run'
      const user = ownResource ? a.users.memberOne : a.users.admin
      const problems: string[] = []
      for (const name of hostileNames(Object.keys(input('placeholder')))) {
        const targetId = await makeTarget({ own: a, other: b }, expectation.resource, 'owner', user)
        const result = await runAction(definition, formDataOf(input(targetId), name), user.caller)
        const polluted = pollution()
        if (polluted.length > 0) problems.push(`${name}: Object.prototype gained ${polluted.join(', ')}`)
        if (!result.ok && result.error === UNEXPECTED_ERROR) problems.push(`${name}: unexpected server error`)
        problems.push(...(await healthIsOk()).map((problem) => `${name}: ${problem}`))
        afterEachRepair()
      }
      expect(problems).toEqual([])
    })
  }

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
        email: randomEmail('proto'),
        password: 'a-long-enough-password',
        tenantName: 'Proto Org',
      }),
      userId: () => null,
    },
    'accept with a new account': {
      definition: acceptInvitationWithAccountForm as never,
      input: async () => ({
        code: (await createInvitation(a.users.admin.caller, { role: 'member' })).code,
        name: 'Grace',
        email: randomEmail('proto'),
        password: 'a-long-enough-password',
      }),
      userId: () => null,
    },
    'confirm a sign-up link': {
      definition: confirmSignUpForm as never,
      input: async () => {
        const email = randomEmail('proto')
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
      userId: () => null,
    },
  }
  for (const [label, form] of Object.entries(publicForms)) {
    it(label, async () => {
      const problems: string[] = []
      for (const name of hostileNames(Object.keys(await form.input()))) {
        const result = await runPublicAction(form.definition, formDataOf(await form.input(), name), {
          userId: form.userId(),
        })
        const polluted = pollution()
        if (polluted.length > 0) problems.push(`${name}: Object.prototype gained ${polluted.join(', ')}`)
        if (!result.ok && result.error === UNEXPECTED_ERROR) problems.push(`${name}: unexpected server error`)
        afterEachRepair()
      }
      expect(problems).toEqual([])
    })
  }
})

function afterEachRepair() {
  for (const name of Object.getOwnPropertyNames(Object.prototype))
    if (!pristine.includes(name)) delete (Object.prototype as Record<string, unknown>)[name]
}
