// The isolation matrix of pages and route handlers, over HTTP against the built app: every page and
// route (discovered from app/ and checked against tests/support/app-inventory.ts) × signed out and
// admin, two members and support of two tenants × their own resources, a colleague's, the tenant's
// and the other tenant's. Each cell asserts the allowed answer or a 404 (pages: the 404 page; routes:
// no body), and that no response ever carries a marker token of something the persona may not see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { can, type Role } from '../../lib/services/auth/permissions'
import { discoverPages, discoverRouteHandlers, inventoryDifferences, urlTemplateOf } from '../support/app-discovery'
import {
  PAGES,
  ROUTE_HANDLERS,
  visible,
  type PageExpectation,
  type Relation,
  type ResourceKind,
  type RouteExpectation,
} from '../support/app-inventory'
import { CookieJar, signInOverHttp, startAppServer, type AppServer } from '../support/app-server'
import {
  createIsolationFixtures,
  forbiddenMarkers,
  PERSONA_NAMES,
  type IsolationTenant,
  type PersonaName,
} from '../support/isolation-fixtures'
import { TEST_PASSWORD } from '../integration/helpers/tenants'

let server: AppServer
let tenants: { a: IsolationTenant; b: IsolationTenant }
/** Signed-in cookie jars by tenant label and persona. */
const jars = new Map<string, CookieJar>()
let cells = 0

/** A persona of the matrix: who, in which tenant, and their cookies (none when signed out). */
type Persona = {
  label: string
  tenant: IsolationTenant | null
  other: IsolationTenant | null
  name: PersonaName | null
  role: Role | null
  jar: CookieJar
}

/** A resource a URL can address, with its owner and the markers it would show. */
type Target = { id: string; label: string; tenant: IsolationTenant; ownerId: string | null; markers: string[] }

beforeAll(async () => {
  server = await startAppServer()
  tenants = await createIsolationFixtures()
  for (const tenant of [tenants.a, tenants.b]) {
    for (const name of PERSONA_NAMES) {
      const { response, jar } = await signInOverHttp(server.baseUrl, tenant.users[name].email, TEST_PASSWORD)
      if (!jar.cookies.has('next-auth.session-token'))
        throw new Error(`sign-in of ${tenant.label}/${name} failed: ${response.status} ${await response.text()}`)
      jars.set(`${tenant.label}/${name}`, jar)
    }
  }
}, 300_000)

afterAll(async () => {
  console.log(`isolation matrix: ${cells} HTTP cells`)
  await server?.stop()
})

function personas(): Persona[] {
  const signedOut: Persona = {
    label: 'signed out',
    tenant: null,
    other: null,
    name: null,
    role: null,
    jar: new CookieJar(),
  }
  const signedIn = [tenants.a, tenants.b].flatMap((tenant) =>
    PERSONA_NAMES.map((name): Persona => ({
      label: `${tenant.label}/${name}`,
      tenant,
      other: tenant === tenants.a ? tenants.b : tenants.a,
      name,
      role: tenant.users[name].role,
      jar: jars.get(`${tenant.label}/${name}`)!,
    })),
  )
  return [signedOut, ...signedIn]
}

function targetsOf(kind: ResourceKind): Target[] {
  const { a, b } = tenants
  const members = (tenant: IsolationTenant) =>
    (['memberOne', 'memberTwo'] as const).map((name) => ({
      tenant,
      name,
      owned: tenant.resources[name],
      user: tenant.users[name],
    }))
  switch (kind) {
    case 'run':
      return [a, b].flatMap(members).map(({ tenant, name, owned, user }) => ({
        id: owned.runId,
        label: `${tenant.label}/${name} run`,
        tenant,
        ownerId: user.id,
        markers: [owned.runMarker],
      }))
    case 'ownLesson':
      return [
        ...[a, b].flatMap(members).map(({ tenant, name, owned, user }) => ({
          id: owned.privateLessonId,
          label: `${tenant.label}/${name} lesson`,
          tenant,
          ownerId: user.id,
          markers: [owned.privateLessonMarker],
        })),
        ...[a, b].map((tenant) => ({
          id: tenant.sharedLessonId,
          label: `${tenant.label} shared lesson`,
          tenant,
          ownerId: null,
          markers: [tenant.sharedLessonMarker],
        })),
      ]
    case 'dataset':
    case 'experiment': {
      const field = kind === 'dataset' ? 'datasetId' : 'experimentId'
      const markerField = kind === 'dataset' ? 'datasetMarker' : 'experimentMarker'
      return [
        ...[a, b].flatMap(members).map(({ tenant, name, owned, user }) => ({
          id: owned[field],
          label: `${tenant.label}/${name} ${kind}`,
          tenant,
          ownerId: user.id,
          markers: [owned[markerField]],
        })),
        ...[a, b].map((tenant) => ({
          id: tenant.shared[field],
          label: `${tenant.label} tenant ${kind}`,
          tenant,
          ownerId: null,
          markers: [tenant.shared[markerField]],
        })),
      ]
    }
    case 'membership':
      return [a, b].map((tenant) => ({
        id: tenant.users.memberTwo.membershipId,
        label: `${tenant.label} member`,
        tenant,
        ownerId: null,
        markers: [tenant.users.memberTwo.email],
      }))
    case 'invitation':
      return [a, b].map((tenant) => ({
        id: tenant.invitationCode,
        label: `${tenant.label} invitation`,
        tenant,
        ownerId: null,
        markers: [],
      }))
    default:
      return []
  }
}

function relationOf(persona: Persona, target: Target): Relation {
  if (persona.tenant !== target.tenant) return 'foreign'
  if (target.ownerId === null) return 'tenant'
  return persona.name && persona.tenant.users[persona.name].id === target.ownerId ? 'owner' : 'colleague'
}

type Outcome = 'ok' | 'notFound' | 'signin' | 'home'

function expectedPage(page: PageExpectation, persona: Persona, target: Target | null): Outcome {
  if (page.resource === 'invitation') return 'ok' // a bearer code: valid for anyone who has it
  if (!persona.role) return page.signedOut
  const access = page.access
  if (access === 'everyone') return 'ok'
  if (access === 'signedOutOnly') return 'home'
  if (typeof access === 'object' && 'anyOf' in access)
    return access.anyOf.some((permission) => can(persona.role!, permission)) ? 'ok' : 'notFound'
  return target && visible(access, persona.role, relationOf(persona, target)) ? 'ok' : 'notFound'
}

async function request(
  persona: Persona,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; location: string; body: string }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers ?? {}), cookie: persona.jar.header() },
    signal: AbortSignal.timeout(30_000),
  })
  return { status: response.status, location: response.headers.get('location') ?? '', body: await response.text() }
}

function classify(answer: { status: number; location: string; body: string }): Outcome | string {
  if (answer.status >= 300 && answer.status < 400)
    return /\/signin/.test(answer.location)
      ? 'signin'
      : answer.location === '/'
        ? 'home'
        : `redirect to ${answer.location}`
  if (answer.status === 404) return /Page not found/.test(answer.body) ? 'notFound' : '404 without the not-found page'
  if (answer.status === 200) return 'ok'
  return `status ${answer.status}`
}

/** Markers a persona must never receive (signed out: every marker of both tenants). */
function forbiddenFor(persona: Persona): string[] {
  if (!persona.tenant || !persona.other || !persona.name) return [...tenants.a.markers, ...tenants.b.markers]
  return forbiddenMarkers(persona.tenant, persona.other, persona.name)
}

function leaks(body: string, markers: string[]): string[] {
  return markers.filter((token) => body.includes(token))
}

const fill = (template: string, id: string) => template.replace(/\[[^\]]+\]/, encodeURIComponent(id))

describe('inventory', () => {
  it('every page.tsx and every route handler method is in tests/support/app-inventory.ts, with its URL', () => {
    const pages = inventoryDifferences(discoverPages(), Object.keys(PAGES))
    const routes = inventoryDifferences(discoverRouteHandlers(), Object.keys(ROUTE_HANDLERS))
    expect({ pages, routes }, 'add new pages and routes to tests/support/app-inventory.ts; remove stale rows').toEqual({
      pages: { missing: [], stale: [] },
      routes: { missing: [], stale: [] },
    })
    for (const [file, page] of Object.entries(PAGES)) expect(page.path, file).toBe(urlTemplateOf(file))
  })
})

describe('pages', () => {
  for (const [file, page] of Object.entries(PAGES)) {
    it(`${page.path}`, async () => {
      const problems: string[] = []
      const targets: (Target | null)[] = page.resource ? targetsOf(page.resource) : [null]
      if (page.resource)
        targets.push({
          id: 'no-such-id-0123456789',
          label: 'unknown id',
          tenant: tenants.a,
          ownerId: 'nobody',
          markers: [],
        })
      for (const persona of personas()) {
        for (const target of targets) {
          cells++
          const path = target ? fill(page.path, target.id) : page.path
          const unknown = target?.label === 'unknown id'
          const expected = unknown
            ? persona.role || page.signedOut !== 'signin'
              ? 'notFound'
              : 'signin'
            : expectedPage(page, persona, target)
          const answer = await request(persona, path)
          const actual = classify(answer)
          const cell = `${file} ${persona.label} → ${target?.label ?? path}`
          if (actual !== expected) problems.push(`${cell}: expected ${expected}, got ${actual}`)
          const ownEmail = persona.tenant && persona.name ? persona.tenant.users[persona.name].email : null
          const forbidden = [...forbiddenFor(persona), ...(expected !== 'ok' && target ? target.markers : [])].filter(
            (token) => token !== ownEmail,
          )
          const leaked = leaks(answer.body, forbidden)
          if (leaked.length) problems.push(`${cell}: leaked ${leaked.join(', ')}`)
          if (/\bat [\w.<>]+ \(|node_modules\/|webpack-internal/.test(answer.body))
            problems.push(`${cell}: shows a stack trace`)
        }
      }
      expect(problems).toEqual([])
    })
  }

  it('list pages show what the persona may see (so the leak checks above are not vacuous)', async () => {
    const { a } = tenants
    const shows = async (name: PersonaName, path: string, tokens: string[]) => {
      const body = (
        await request(
          personas().find((persona) => persona.label === `A/${name}`)!,
          path,
        )
      ).body
      return tokens.filter((token) => !body.includes(token)).map((token) => `A/${name} ${path} lacks ${token}`)
    }
    const own = a.resources.memberOne
    const problems = [
      ...(await shows('memberOne', '/runs', [own.runMarker])),
      ...(await shows('support', '/runs', [own.runMarker, a.resources.memberTwo.runMarker])),
      ...(await shows('support', '/support', [own.runMarker, a.resources.memberTwo.runMarker])),
      ...(await shows('admin', '/support', [own.runMarker, a.resources.memberTwo.runMarker])),
      ...(await shows('memberOne', '/lessons', [own.privateLessonMarker, own.proposalMarker, a.sharedLessonMarker])),
      ...(await shows('support', '/lessons', [a.sharedLessonMarker])),
      ...(await shows('admin', '/admin/review', [own.proposalMarker, a.resources.memberTwo.proposalMarker])),
      ...(await shows('admin', '/admin/lessons', [a.sharedLessonMarker])),
      ...(await shows('admin', '/settings/members', [a.users.memberTwo.email])),
      ...(await shows('memberOne', `/runs/${own.runId}`, [own.runMarker])),
      ...(await shows('memberOne', '/datasets', [own.datasetMarker, `Dataset of Experiment ${own.experimentMarker}`])),
      ...(await shows('admin', '/datasets', [a.shared.datasetMarker])),
      ...(await shows('memberOne', `/datasets/${own.datasetId}`, [own.datasetMarker])),
      ...(await shows('memberOne', `/experiments/${own.experimentId}`, [own.experimentMarker])),
      ...(await shows('admin', `/experiments/${a.shared.experimentId}`, [a.shared.experimentMarker])),
    ]
    expect(problems).toEqual([])
  })
})

async function callRoute(route: RouteExpectation, persona: Persona, target: Target | null) {
  const path = target ? fill(route.path, target.id) : route.path
  if (route.method === 'POST' && path.endsWith('/chat')) {
    return request(persona, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ question: 'Why did this run fail?' }),
    })
  }
  return request(persona, path)
}

describe('route handlers', () => {
  for (const [key, route] of Object.entries(ROUTE_HANDLERS)) {
    if (!route.resource) continue
    it(`${route.method} ${route.path}`, async () => {
      const problems: string[] = []
      const targets = [
        ...targetsOf(route.resource!),
        {
          id: 'no-such-run-0123456789',
          label: 'unknown id',
          tenant: tenants.a,
          ownerId: 'nobody',
          markers: [],
        } as Target,
      ]
      for (const persona of personas()) {
        for (const target of targets) {
          cells++
          const cell = `${key} ${persona.label} → ${target.label}`
          const allowed =
            persona.role !== null &&
            target.label !== 'unknown id' &&
            route.access !== 'public' &&
            visible(route.access, persona.role, relationOf(persona, target))
          const expectedStatus = !persona.role ? route.signedOutStatus : allowed ? 200 : 404
          const answer = await callRoute(route, persona, target)
          if (answer.status !== expectedStatus)
            problems.push(`${cell}: expected ${expectedStatus}, got ${answer.status} ${answer.body.slice(0, 120)}`)
          if (expectedStatus === 404 && answer.body !== '')
            problems.push(`${cell}: 404 with a body: ${answer.body.slice(0, 120)}`)
          if (
            expectedStatus === 200 &&
            !target.markers.every((token) => answer.body.includes(token)) &&
            !route.path.endsWith('/chat')
          )
            problems.push(`${cell}: the allowed answer lacks the run's marker`)
          const leaked = leaks(answer.body, forbiddenFor(persona))
          if (leaked.length) problems.push(`${cell}: leaked ${leaked.join(', ')}`)
        }
      }
      expect(problems).toEqual([])
    })
  }

  it('public routes: health for everyone; the Auth.js session names only the signed-in user', async () => {
    for (const persona of personas()) {
      cells += 2
      expect((await request(persona, '/api/health')).status).toBe(200)
      const session = await request(persona, '/api/auth/session')
      expect(session.status).toBe(200)
      if (persona.tenant && persona.name)
        expect(JSON.parse(session.body).user.email).toBe(persona.tenant.users[persona.name].email)
      else expect(JSON.parse(session.body)).toEqual({})
      expect(leaks(session.body, forbiddenFor(persona))).toEqual([])
    }
  })
})
