// The public API with real keys against a real database: key lifecycle (shown once, hashed, audited,
// revocable at once), the isolation matrix extended to keys (scope × role × tenant × resource), keys
// that must be refused (revoked, expired, removed or demoted owner), idempotent submit, pagination
// stable under inserts, and every JSON answer validated against the OpenAPI document.
import { beforeAll, describe, expect, it } from 'vitest'
import { createApiKey, revokeApiKey } from '../../../lib/services/api-keys/api-keys'
import { hashApiKey } from '../../../lib/services/api-keys/key-secret'
import { scopesAllowedFor, type ApiScope } from '../../../lib/services/auth/permissions'
import { getPrisma } from '../../../lib/adapters/db/client'
import { visible, type Relation } from '../../support/app-inventory'
import { createIsolationFixtures, PERSONA_NAMES, type IsolationTenant } from '../../support/isolation-fixtures'
import { addUser, type TestUser } from '../helpers'
import { callApi, contractProblems } from './api-client'

let a: IsolationTenant
let b: IsolationTenant
/** A key per tenant and persona, with every scope the persona's role may use. */
const keys = new Map<string, string>()

async function keyFor(user: TestUser, scopes: ApiScope[] = scopesAllowedFor(user.role)): Promise<string> {
  return (await createApiKey(user.caller, { name: 'test', kind: 'personal', scopes })).secret
}

beforeAll(async () => {
  ;({ a, b } = await createIsolationFixtures())
  for (const tenant of [a, b])
    for (const name of PERSONA_NAMES) keys.set(`${tenant.label}/${name}`, await keyFor(tenant.users[name]))
})

const contract: string[] = []
async function checked(method: 'GET' | 'POST' | 'DELETE', template: string, response: Response) {
  const { problems, body } = await contractProblems(method, template, response)
  contract.push(...problems.map((problem) => `${method} ${template} ${response.status}: ${problem}`))
  return body as Record<string, unknown> | null
}

describe('keys', () => {
  it('a key is shown once, stored as its SHA-256, listed by prefix, audited, and works as Bearer', async () => {
    const ada = a.users.memberOne
    const { key, secret } = await createApiKey(ada.caller, { name: 'CI', kind: 'personal', scopes: ['runs:read'] })
    const prisma = await getPrisma()
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })
    expect(row.secretHash).toBe(hashApiKey(secret))
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(secret.startsWith(key.prefix)).toBe(true)
    const audit = await prisma.auditLog.findFirst({ where: { targetId: key.id, action: 'api_key.created' } })
    expect(JSON.stringify(audit?.details)).not.toContain(secret)
    const response = await callApi('GET', '/api/v1/runs', { key: secret })
    expect(response.status).toBe(200)
    expect(response.headers.get('ratelimit-limit')).toMatch(/^\d+$/)
    const page = await checked('GET', '/api/v1/runs', response)
    expect((page?.data as { id: string }[]).map((run) => run.id)).toEqual([a.resources.memberOne.runId])
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull()
  })

  it('a key never grants more than its owner: a member cannot take admin scope or make tenant keys', async () => {
    await expect(
      createApiKey(a.users.memberOne.caller, { name: 'x', kind: 'personal', scopes: ['admin'] }),
    ).rejects.toMatchObject({ code: 'bad_request' })
    await expect(
      createApiKey(a.users.support.caller, { name: 'x', kind: 'personal', scopes: ['runs:write'] }),
    ).rejects.toMatchObject({ code: 'bad_request' })
    await expect(
      createApiKey(a.users.memberOne.caller, { name: 'x', kind: 'tenant', scopes: ['runs:read'] }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  it('revoked, expired, unknown and malformed keys are refused with 401 problem+json', async () => {
    const owner = await addUser(a.id, 'member', 'revoked-owner')
    const revoked = await createApiKey(owner.caller, { name: 'r', kind: 'personal', scopes: ['runs:read'] })
    expect((await callApi('GET', '/api/v1/runs', { key: revoked.secret })).status).toBe(200)
    await revokeApiKey(owner.caller, revoked.key.id)
    const prisma = await getPrisma()
    const expired = await createApiKey(owner.caller, { name: 'e', kind: 'personal', scopes: ['runs:read'] })
    await prisma.apiKey.update({ where: { id: expired.key.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    for (const key of [revoked.secret, expired.secret, `${revoked.secret}x`, 'rsk_short', 'not-a-key', '']) {
      const response = await callApi('GET', '/api/v1/runs', { key, headers: key ? {} : { authorization: 'Bearer' } })
      expect(response.status, key).toBe(401)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      await checked('GET', '/api/v1/runs', response)
    }
    expect((await callApi('GET', '/api/v1/runs')).status).toBe(401)
  })

  it("a removed member's key stops at once; a demoted admin's tenant key too; a demoted admin's personal key keeps only member rights", async () => {
    const prisma = await getPrisma()
    const leaver = await addUser(a.id, 'member', 'leaver')
    const leaverKey = await keyFor(leaver)
    expect((await callApi('GET', '/api/v1/runs', { key: leaverKey })).status).toBe(200)
    await prisma.membership.delete({ where: { id: leaver.membershipId } })
    expect((await callApi('GET', '/api/v1/runs', { key: leaverKey })).status).toBe(401)

    const admin = await addUser(a.id, 'admin', 'demoted')
    const tenantKey = (
      await createApiKey(admin.caller, { name: 't', kind: 'tenant', scopes: ['runs:read', 'lessons:read'] })
    ).secret
    const personal = await keyFor(admin)
    expect((await callApi('GET', '/api/v1/proposals', { key: personal })).status).toBe(200)
    expect((await callApi('GET', '/api/v1/runs', { key: tenantKey })).status).toBe(200)
    await prisma.membership.update({ where: { id: admin.membershipId }, data: { role: 'member' } })
    expect((await callApi('GET', '/api/v1/runs', { key: tenantKey })).status).toBe(401)
    expect((await callApi('GET', '/api/v1/proposals', { key: personal })).status).toBe(404)
    const runs = (await (await callApi('GET', '/api/v1/runs', { key: personal })).json()) as { data: unknown[] }
    expect(runs.data).toEqual([])
  })

  it('a key without the scope an endpoint needs gets 403, and nothing is written', async () => {
    const readOnly = await keyFor(a.users.memberOne, ['runs:read'])
    const prisma = await getPrisma()
    const before = await prisma.run.count({ where: { tenantId: a.id } })
    const response = await callApi('POST', '/api/v1/runs', { key: readOnly, body: { prompt: 'Nope' } })
    expect(response.status).toBe(403)
    await checked('POST', '/api/v1/runs', response)
    expect(await prisma.run.count({ where: { tenantId: a.id } })).toBe(before)
    const lessonsOnly = await keyFor(a.users.memberOne, ['lessons:read'])
    expect((await callApi('GET', `/api/v1/runs/${a.resources.memberOne.runId}`, { key: lessonsOnly })).status).toBe(403)
    expect((await callApi('POST', '/api/v1/mcp', { key: lessonsOnly, body: {} })).status).toBe(403)
  })
})

describe('isolation matrix over keys: persona × resource × tenant', () => {
  type Cell = {
    method: 'GET' | 'POST' | 'DELETE'
    template: string
    visibility: Parameters<typeof visible>[0]
    body?: unknown
  }
  const RUN_CELLS: Cell[] = [
    { method: 'GET', template: '/api/v1/runs/[id]', visibility: 'runRead' },
    { method: 'GET', template: '/api/v1/runs/[id]/events', visibility: 'runRead' },
    { method: 'GET', template: '/api/v1/runs/[id]/export', visibility: 'runRead' },
    { method: 'POST', template: '/api/v1/runs/[id]/ask', visibility: 'runAsk', body: { question: 'Why did it fail?' } },
  ]

  it('runs: each persona reads exactly what the permission table allows; others get 404 and no marker', async () => {
    const problems: string[] = []
    let cells = 0
    for (const tenant of [a, b])
      for (const name of PERSONA_NAMES) {
        const key = keys.get(`${tenant.label}/${name}`)!
        for (const owner of [a, b])
          for (const ownerName of ['memberOne', 'memberTwo'] as const) {
            const target = owner.resources[ownerName]
            const relation: Relation =
              owner !== tenant ? 'foreign' : tenant.users[name].id === owner.users[ownerName].id ? 'owner' : 'colleague'
            for (const cell of RUN_CELLS) {
              cells++
              const path = cell.template.replace('[id]', target.runId)
              const response = await callApi(cell.method, path, { key, body: cell.body })
              const expected = visible(cell.visibility, tenant.users[name].role, relation) ? 200 : 404
              const text = await response.clone().text()
              const label = `${tenant.label}/${name} ${cell.method} ${cell.template} → ${owner.label}/${ownerName} (${relation})`
              if (response.status !== expected)
                problems.push(`${label}: expected ${expected}, got ${response.status} ${text.slice(0, 100)}`)
              if (expected === 404 && text.includes(target.runMarker)) problems.push(`${label}: leaked the marker`)
              if (expected === 200 && cell.template !== '/api/v1/runs/[id]/ask' && !text.includes(target.runMarker))
                problems.push(`${label}: the answer lacks the run's marker`)
              if (cell.template !== '/api/v1/runs/[id]/export') await checked(cell.method, cell.template, response)
              else if (response.status === 200) await response.body?.cancel()
            }
          }
      }
    expect(problems).toEqual([])
    expect(cells).toBe(8 * 4 * RUN_CELLS.length)
  })

  it('lists: a tenant-A key never lists tenant B; members list only their own; admins and support the tenant', async () => {
    const problems: string[] = []
    for (const tenant of [a, b]) {
      const other = tenant === a ? b : a
      for (const name of PERSONA_NAMES) {
        const key = keys.get(`${tenant.label}/${name}`)!
        const role = tenant.users[name].role
        for (const [template, permissionVisible] of [
          ['/api/v1/runs', role !== 'member' || true],
          ['/api/v1/lessons', role !== 'support'],
          ['/api/v1/shared-lessons', true],
          ['/api/v1/proposals', role === 'admin'],
        ] as const) {
          const response = await callApi('GET', template, { key })
          const body = await checked('GET', template, response)
          const text = JSON.stringify(body)
          if (response.status !== (permissionVisible ? 200 : 404))
            problems.push(`${tenant.label}/${name} ${template}: status ${response.status}`)
          const leaked = other.markers.filter((token) => text.includes(token))
          if (leaked.length) problems.push(`${tenant.label}/${name} ${template}: leaked ${leaked.join(', ')}`)
          if (template === '/api/v1/runs' && role === 'member') {
            const colleague = name === 'memberOne' ? tenant.resources.memberTwo : tenant.resources.memberOne
            if (text.includes(colleague.runMarker)) problems.push(`${tenant.label}/${name}: sees a colleague's run`)
          }
        }
      }
    }
    expect(problems).toEqual([])
  })

  it("a member's key cannot do what the member cannot: shared lessons, other members' lessons, others' runs", async () => {
    const key = keys.get('A/memberOne')!
    const shared = await callApi('POST', '/api/v1/shared-lessons', {
      key,
      body: { content: 'Always check the date format.', tags: ['dates'] },
    })
    expect(shared.status).toBe(404)
    await checked('POST', '/api/v1/shared-lessons', shared)
    const colleagueLesson = a.resources.memberTwo.privateLessonId
    expect((await callApi('DELETE', `/api/v1/lessons/${colleagueLesson}`, { key })).status).toBe(404)
    expect((await callApi('POST', `/api/v1/lessons/${colleagueLesson}/propose`, { key })).status).toBe(404)
    expect((await callApi('POST', `/api/v1/runs/${a.resources.memberTwo.runId}/cancel`, { key })).status).toBe(404)
    expect((await callApi('DELETE', `/api/v1/lessons/${b.resources.memberOne.privateLessonId}`, { key })).status).toBe(
      404,
    )
    const prisma = await getPrisma()
    expect(await prisma.lesson.count({ where: { id: colleagueLesson } })).toBe(1)
  })

  it('lessons: create, list, propose, delete through the API; admins create shared lessons', async () => {
    const key = keys.get('A/memberOne')!
    const created = await callApi('POST', '/api/v1/lessons', {
      key,
      body: { content: 'Quote the exact error message in the answer.', tags: ['errors'] },
    })
    expect(created.status).toBe(201)
    const lesson = (await checked('POST', '/api/v1/lessons', created)) as { id: string }
    const untagged = await callApi('POST', '/api/v1/lessons', { key, body: { content: 'No tags here.' } })
    expect(untagged.status).toBe(400)
    expect(((await checked('POST', '/api/v1/lessons', untagged)) as { errors: object }).errors).toHaveProperty('tags')
    const proposed = await callApi('POST', `/api/v1/lessons/${lesson.id}/propose`, { key })
    expect(proposed.status).toBe(202)
    await checked('POST', '/api/v1/lessons/[id]/propose', proposed)
    const adminKey = keys.get('A/admin')!
    const pending = (await (await callApi('GET', '/api/v1/proposals', { key: adminKey })).json()) as {
      data: { lessonId: string }[]
    }
    expect(pending.data.map((proposal) => proposal.lessonId)).toContain(lesson.id)
    const deleted = await callApi('DELETE', `/api/v1/lessons/${lesson.id}`, { key })
    expect(deleted.status).toBe(204)
    const sharedByAdmin = await callApi('POST', '/api/v1/shared-lessons', {
      key: adminKey,
      body: { content: 'Name the units of every number.', tags: ['units'] },
    })
    expect(sharedByAdmin.status).toBe(201)
    await checked('POST', '/api/v1/shared-lessons', sharedByAdmin)
  })
})

describe('submit, idempotency and paging', () => {
  it('{"prompt"} alone is a valid task: 202 with id and status; GET returns the status; events have index and type', async () => {
    const key = keys.get('A/memberOne')!
    const response = await callApi('POST', '/api/v1/runs', { key, body: { prompt: 'Say hello in French.' } })
    expect([201, 202]).toContain(response.status)
    const submitted = (await checked('POST', '/api/v1/runs', response)) as { id: string; status: string }
    expect(submitted.status).toBe('queued')
    const got = await callApi('GET', `/api/v1/runs/${submitted.id}`, { key })
    expect(((await checked('GET', '/api/v1/runs/[id]', got)) as { status: string }).status).toBeTruthy()
    const events = await callApi('GET', `/api/v1/runs/${submitted.id}/events`, { key })
    const page = (await checked('GET', '/api/v1/runs/[id]/events', events)) as {
      data: { index: number; type: string }[]
    }
    expect(page.data[0]).toMatchObject({ index: 0, type: 'run.submitted' })
    const cancelled = await callApi('POST', `/api/v1/runs/${submitted.id}/cancel`, { key })
    expect(cancelled.status).toBe(202)
    await checked('POST', '/api/v1/runs/[id]/cancel', cancelled)
  })

  it('the same task as the form: invalid fields are a 400 problem with errors under the field, and nothing is written', async () => {
    const key = keys.get('A/memberOne')!
    const prisma = await getPrisma()
    const before = await prisma.run.count({ where: { tenantId: a.id } })
    for (const body of [
      {},
      { prompt: '' },
      { prompt: 'x', reflexion: { maxAttempts: 99 } },
      { prompt: 'x', extra: 1 },
      '{not json',
      [1],
    ]) {
      const response = await callApi('POST', '/api/v1/runs', { key, body })
      expect(response.status, JSON.stringify(body)).toBe(400)
      const problem = (await checked('POST', '/api/v1/runs', response)) as { type: string; detail: string }
      expect(problem.detail).toBeTruthy()
    }
    expect(await prisma.run.count({ where: { tenantId: a.id } })).toBe(before)
  })

  it('Idempotency-Key: the same key and body twice is one run and the same answer; another body is a 422', async () => {
    const key = keys.get('A/memberTwo')!
    const prisma = await getPrisma()
    const before = await prisma.run.count({ where: { tenantId: a.id } })
    const headers = { 'idempotency-key': `submit-${Date.now()}` }
    const body = { prompt: 'Count to three.' }
    // Sent at once: the second either waits for the stored answer (409 "still being handled", retried) or replays it.
    const untilSettled = async (): Promise<Response> => {
      for (let attempt = 0; ; attempt++) {
        const response = await callApi('POST', '/api/v1/runs', { key, body, headers })
        if (response.status !== 409 || attempt > 100) return response
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const [first, second] = await Promise.all([untilSettled(), untilSettled()])
    const third = await callApi('POST', '/api/v1/runs', { key, body, headers })
    const bodies = await Promise.all([first, second, third].map((response) => response.json()))
    expect(new Set(bodies.map((answer) => answer.id)).size).toBe(1)
    expect(third.headers.get('idempotent-replayed')).toBe('true')
    expect(await prisma.run.count({ where: { tenantId: a.id } })).toBe(before + 1)
    const other = await callApi('POST', '/api/v1/runs', { key, body: { prompt: 'Something else.' }, headers })
    expect(other.status).toBe(422)
    await checked('POST', '/api/v1/runs', other)
    const otherKey = await keyFor(a.users.memberTwo)
    const separate = await callApi('POST', '/api/v1/runs', { key: otherKey, body, headers })
    expect(separate.status).toBe(202)
    expect((await separate.json()).id).not.toBe(bodies[0].id)
  })

  it('pages of runs are stable under inserts: every run exactly once, none of the new ones mid-walk', async () => {
    const owner = await addUser(a.id, 'member', 'pager')
    const key = await keyFor(owner)
    const first: string[] = []
    for (let index = 0; index < 7; index++)
      first.push(
        (
          (await (await callApi('POST', '/api/v1/runs', { key, body: { prompt: `Task ${index}` } })).json()) as {
            id: string
          }
        ).id,
      )
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const response = await callApi(
        'GET',
        `/api/v1/runs?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key },
      )
      const page = (await checked('GET', '/api/v1/runs', response)) as {
        data: { id: string }[]
        nextCursor: string | null
      }
      seen.push(...page.data.map((run) => run.id))
      await callApi('POST', '/api/v1/runs', { key, body: { prompt: 'Inserted while paging' } })
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([...first].reverse())
    const bad = await callApi('GET', '/api/v1/runs?cursor=%%%', { key })
    expect(bad.status).toBe(400)
  })

  it('every JSON answer above matched the OpenAPI document', () => {
    expect(contract).toEqual([])
  })
})
