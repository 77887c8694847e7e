// The isolation matrix of server actions: every export of every 'use server' file (discovered from
// app/ and checked against tests/support/app-inventory.ts) × admin, member, support and signed out
// × the caller's own resource, a colleague's, the tenant's and another tenant's. Each cell runs the
// action's Next-free definition with a real Caller against a freshly made target, then asserts the
// allowed result (and that something was written) or the not-found result with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAction, runPublicAction } from '../../../lib/boundary/actions/define'
import type { Caller } from '../../../lib/services/auth/caller'
import { callerOf, loadSession } from '../../../lib/services/auth/session'
import { getPrisma } from '../../../lib/adapters/db/client'
import { createInvitation } from '../../../lib/services/tenants/invitations'
import {
  acceptInvitationForm,
  acceptInvitationWithAccountForm,
  inviteMemberForm,
} from '../../../lib/services/tenants/forms'
import { createSharedLessonForm } from '../../../lib/services/curation/shared-lesson-forms'
import { modelSettingsForm } from '../../../lib/services/admin/settings-forms'
import { DEFINITIONS } from '../../support/action-definitions'
import { makeTarget } from '../../support/action-targets'
import { confirmSignUpForm, signUpForm } from '../../../lib/services/users/forms'
import { discoverServerActions, inventoryDifferences } from '../../support/app-discovery'
import { SERVER_ACTIONS, visible, type Relation, type ResourceKind } from '../../support/app-inventory'
import {
  createIsolationFixtures,
  marker,
  type IsolationTenant,
  type PersonaName,
} from '../../support/isolation-fixtures'
import { tableDigest } from '../../support/table-digest'
import { mailedSignUpToken, randomEmail } from '../helpers'

let a: IsolationTenant
let b: IsolationTenant
const cellCounts: Record<string, number> = {}

beforeAll(async () => {
  // No worker runs here: a run executing during a cell would change the digest it compares.
  ;({ a, b } = await createIsolationFixtures())
})

afterAll(async () => {
  const total = Object.values(cellCounts).reduce((sum, count) => sum + count, 0)
  console.log(`actions matrix: ${total} cells over ${Object.keys(cellCounts).length} actions`)
})

/** Relations that make sense for a resource kind and persona. */
function relationsFor(kind: ResourceKind, persona: PersonaName | null): Relation[] {
  if (kind === 'none' || kind === 'provider') return ['tenant']
  if (kind === 'ownLesson' || kind === 'memoryLesson' || kind === 'run' || kind === 'apiKey' || kind === 'finishedRun')
    return persona ? ['owner', 'colleague', 'foreign'] : ['colleague', 'foreign']
  if (kind === 'dataset' || kind === 'experiment')
    return persona ? ['owner', 'colleague', 'tenant', 'foreign'] : ['colleague', 'tenant', 'foreign']
  return ['tenant', 'foreign']
}

const PERSONAS: (PersonaName | null)[] = ['admin', 'memberOne', 'support', null]

describe('server action inventory', () => {
  it('every export of every "use server" file is in tests/support/app-inventory.ts, and nothing listed there is gone', () => {
    const differences = inventoryDifferences(discoverServerActions(), Object.keys(SERVER_ACTIONS))
    expect(
      differences.missing,
      'server actions missing from tests/support/app-inventory.ts (add a row and a matrix entry)',
    ).toEqual([])
    expect(differences.stale, 'rows of tests/support/app-inventory.ts whose action no longer exists').toEqual([])
  })

  it('every tenant action of the inventory has a definition in this matrix', () => {
    const tenantActions = Object.entries(SERVER_ACTIONS)
      .filter(([, expectation]) => expectation.kind === 'tenant')
      .map(([key]) => key)
    expect(tenantActions.filter((key) => !(key in DEFINITIONS))).toEqual([])
  })
})

describe('tenant actions: role × relation', () => {
  for (const [key, expectation] of Object.entries(SERVER_ACTIONS)) {
    if (expectation.kind !== 'tenant') continue
    it(key, async () => {
      const { definition, input } = DEFINITIONS[key]
      const problems: string[] = []
      let cells = 0
      for (const persona of PERSONAS) {
        const user = persona ? a.users[persona] : null
        const caller: Caller | null = user?.caller ?? null
        for (const relation of relationsFor(expectation.resource, persona)) {
          cells++
          const targetId = await makeTarget({ own: a, other: b }, expectation.resource, relation, user)
          const allowed = caller !== null && visible(expectation.visibility, caller.role, relation)
          const label = `${persona ?? 'signed out'} × ${relation}`
          const before = await tableDigest([a.id, b.id])
          const result = await runAction(definition, input(targetId), caller)
          const after = await tableDigest([a.id, b.id])
          if (allowed) {
            if (!result.ok) problems.push(`${label}: expected success, got ${JSON.stringify(result)}`)
            else if (JSON.stringify(after) === JSON.stringify(before))
              problems.push(`${label}: succeeded but wrote nothing`)
          } else {
            const refusal = caller
              ? { ok: false, error: 'Not found' }
              : { ok: false, error: 'Your session has ended. Sign in again to continue.' }
            if (JSON.stringify(result) !== JSON.stringify(refusal))
              problems.push(`${label}: expected ${JSON.stringify(refusal)}, got ${JSON.stringify(result)}`)
            if (JSON.stringify(after) !== JSON.stringify(before))
              problems.push(
                `${label}: refused but wrote ${JSON.stringify({ before: before.counts, after: after.counts })}`,
              )
          }
        }
      }
      cellCounts[key] = cells
      expect(problems).toEqual([])
    })
  }

  it("actions without a target id write only into the caller's tenant", async () => {
    const prisma = await getPrisma()
    const created = await runAction(
      createSharedLessonForm,
      { content: `Tenant check ${marker('scope')}` },
      a.users.admin.caller,
    )
    expect(created.ok).toBe(true)
    if (created.ok)
      expect((await prisma.lesson.findUniqueOrThrow({ where: { id: created.data.id } })).tenantId).toBe(a.id)
    const invited = await runAction(inviteMemberForm, { role: 'admin' }, a.users.admin.caller)
    expect(invited.ok).toBe(true)
    const settingsOfB = (await prisma.tenant.findUniqueOrThrow({ where: { id: b.id } })).settings
    await runAction(
      modelSettingsForm,
      { defaultModel: 'openai:gpt-scope', supportRedactEmails: '' },
      a.users.admin.caller,
    )
    expect((await prisma.tenant.findUniqueOrThrow({ where: { id: b.id } })).settings).toEqual(settingsOfB)
  })
})

describe('public actions and the tenant switch', () => {
  it('an invitation joins its own tenant only, once, and only for a signed-in viewer', async () => {
    cellCounts.public = 0
    const attempt = async (userId: string | null, code: string) => {
      cellCounts.public++
      return runPublicAction(acceptInvitationForm, { code }, { userId })
    }
    const { code } = await createInvitation(a.users.admin.caller, { role: 'member' })
    const before = await tableDigest([a.id, b.id])
    expect(await attempt(null, code)).toMatchObject({ ok: false, error: /Sign in first/ })
    expect(await attempt(a.users.memberOne.id, code)).toMatchObject({ ok: false, error: /already a member/ })
    expect(await tableDigest([a.id, b.id])).toEqual(before)
    expect(await attempt(b.users.memberOne.id, code)).toEqual({ ok: true, data: { tenantId: a.id } })
    expect(await attempt(b.users.memberTwo.id, code)).toMatchObject({ ok: false })
    const prisma = await getPrisma()
    expect(await prisma.membership.count({ where: { userId: b.users.memberOne.id } })).toBe(2)
    expect(await prisma.membership.count({ where: { userId: b.users.memberTwo.id } })).toBe(1)
    await prisma.membership.deleteMany({ where: { userId: b.users.memberOne.id, tenantId: a.id } })
  })

  it("accepting with a new account joins the invitation's tenant; sign up makes a new tenant, whoever is signed in", async () => {
    const { code } = await createInvitation(b.users.admin.caller, { role: 'support' })
    const joiner = randomEmail('joiner')
    const asked = await runPublicAction(
      acceptInvitationWithAccountForm,
      { code, name: 'New Person', email: joiner, password: 'a-long-enough-password' },
      { userId: a.users.admin.id },
    )
    expect(asked).toMatchObject({ ok: true, data: { email: joiner } })
    const joined = await runPublicAction(
      confirmSignUpForm,
      { token: await mailedSignUpToken(joiner) },
      { userId: a.users.admin.id },
    )
    expect(joined.ok).toBe(true)
    const prisma = await getPrisma()
    const joinerId = (await prisma.user.findUniqueOrThrow({ where: { email: joiner } })).id
    expect((await prisma.membership.findMany({ where: { userId: joinerId } })).map((row) => row.tenantId)).toEqual([
      b.id,
    ])
    const founder = randomEmail('founder')
    const signedUp = await runPublicAction(
      signUpForm,
      { name: 'Founder', email: founder, password: 'a-long-enough-password', tenantName: 'Fresh Org' },
      { userId: a.users.admin.id },
    )
    expect(signedUp.ok).toBe(true)
    const confirmed = await runPublicAction(
      confirmSignUpForm,
      { token: await mailedSignUpToken(founder) },
      { userId: a.users.admin.id },
    )
    expect(confirmed.ok).toBe(true)
    const founderId = (await prisma.user.findUniqueOrThrow({ where: { email: founder } })).id
    const founded = await prisma.membership.findMany({ where: { userId: founderId } })
    expect(founded).toMatchObject([{ role: 'admin' }])
    expect([a.id, b.id]).not.toContain(founded[0].tenantId)
    expect(await prisma.membership.count({ where: { userId: a.users.admin.id } })).toBe(1)
  })

  it('switchTenant: a tenant the user does not belong to is never the active one', async () => {
    for (const persona of ['admin', 'memberOne', 'support'] as PersonaName[]) {
      expect(callerOf(await loadSession(a.users[persona].id, b.id))).toEqual(a.users[persona].caller)
      expect(callerOf(await loadSession(a.users[persona].id, 'not-a-tenant'))).toEqual(a.users[persona].caller)
    }
  })
})
