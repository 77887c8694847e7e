// The route table of the access matrix. Page builders: when you add a page, add its row here with
// the permission your page checks (the same one as its nav link). The matrix then proves that
// every role of two tenants reaches it or gets a 404, and that signed-out visitors go to /signin.
import { can, type Permission, type Role } from '../../lib/services/auth/permissions'
import type { Outcome } from './helpers/outcome'
import type { TenantFixture } from './helpers/personas'

/** Who may open a route. */
export type Access =
  | { kind: 'public' } // everyone, signed in or not
  | { kind: 'signedIn' } // any member of the active tenant
  | { kind: 'permission'; permission: Permission } // members whose role holds it
  | { kind: 'nobody' } // exists for someone else (another tenant's resource): 404 when signed in
  | { kind: 'missing' } // does not exist: 404 for everyone

/** The tenants a signed-in persona sees: their own, and another one. */
export type RouteFixtures = { own: TenantFixture; other: TenantFixture }

/** What a page shows: the same text to everyone, or a text per role ('signedOut' for visitors). */
export type Shows = RegExp | Partial<Record<Role | 'signedOut', RegExp>>

/** One row: a path (maybe built from the fixtures), who may open it, and what the page shows. */
export type RouteRule = {
  name: string
  path: (fixtures: RouteFixtures) => string
  /** Who may open it; a function when that depends on whose tenant the persona is in. */
  access: Access | ((fixtures: RouteFixtures) => Access)
  shows?: Shows
}

/** A route's access for a persona with these fixtures. */
export function accessFor(route: RouteRule, fixtures: RouteFixtures): Access {
  return typeof route.access === 'function' ? route.access(fixtures) : route.access
}

/** The Demo organisation's seeded dataset or experiment: its admins may open it, everyone else gets a 404. */
function demoExperimentRoute(name: string, kind: 'datasetId' | 'experimentId', shows: RegExp): RouteRule {
  const demo = ({ own, other }: RouteFixtures) => (own.name === 'Demo' ? own : other)
  return {
    name,
    path: (fixtures) => `/${kind === 'datasetId' ? 'datasets' : 'experiments'}/${demo(fixtures).experiments![kind]}`,
    access: (fixtures) => (fixtures.own.name === 'Demo' ? permission('experiments.manageTenant') : { kind: 'nobody' }),
    shows,
  }
}

/** The text a route must show to a role (null: signed out), if any. */
export function showsFor(route: RouteRule, role: Role | null): RegExp | undefined {
  return route.shows instanceof RegExp ? route.shows : route.shows?.[role ?? 'signedOut']
}

const permission = (name: Permission): Access => ({ kind: 'permission', permission: name })

export const ROUTES: RouteRule[] = [
  {
    name: 'home',
    path: () => '/',
    access: { kind: 'public' },
    shows: {
      signedOut: /Agents that learn from their failures/,
      member: /Your recent runs/,
      admin: /Team lessons/,
      support: /Newest failed and interrupted runs/,
    },
  },
  { name: 'sign in', path: () => '/signin', access: { kind: 'public' } },
  { name: 'sign up', path: () => '/signup', access: { kind: 'public' } },
  { name: 'health', path: () => '/api/health', access: { kind: 'public' }, shows: /"db":"ok"/ },
  { name: 'members', path: () => '/settings/members', access: permission('members.manage'), shows: /Invite someone/ },
  {
    name: 'own member',
    path: ({ own }) => `/settings/members/${own.membershipIds.member}`,
    access: permission('members.manage'),
    shows: /Save role/,
  },
  {
    name: "other tenant's member",
    path: ({ other }) => `/settings/members/${other.membershipIds.member}`,
    access: { kind: 'nobody' },
  },
  {
    name: "other tenant's admin",
    path: ({ other }) => `/settings/members/${other.membershipIds.admin}`,
    access: { kind: 'nobody' },
  },
  { name: 'runs', path: () => '/runs', access: { kind: 'signedIn' }, shows: /Runs/ },
  {
    name: 'runs filtered',
    path: () => '/runs?status=failed&q=nothing-matches-this',
    access: { kind: 'signedIn' },
    shows: /No runs match these filters/,
  },
  { name: 'new task', path: () => '/tasks/new', access: permission('runs.create'), shows: /Start run/ },
  {
    name: 'new task from a template',
    path: () => '/tasks/new?template=hangzhou-walk',
    access: permission('runs.create'),
    shows: /Hangzhou/,
  },
  { name: 'unknown run', path: () => '/runs/no-such-run-0123456789', access: { kind: 'nobody' } },
  { name: 'support console', path: () => '/support', access: permission('support.console'), shows: /Support console/ },
  {
    name: 'support console filtered',
    path: () => '/support?status=failed&q=nothing-matches-this',
    access: permission('support.console'),
    shows: /No runs match these filters/,
  },
  {
    name: 'unknown run in the console',
    path: () => '/support/runs/no-such-run-0123456789',
    access: { kind: 'nobody' },
  },
  { name: 'ask about an unknown run', path: () => '/runs/no-such-run-0123456789/ask', access: { kind: 'nobody' } },
  { name: 'lessons', path: () => '/lessons', access: permission('lessons.readShared'), shows: /Shared lessons/ },
  { name: 'unknown lesson', path: () => '/lessons/no-such-lesson-0123', access: { kind: 'nobody' } },
  {
    name: 'shared-lesson library',
    path: () => '/admin/lessons',
    access: permission('lessons.curateShared'),
    shows: /New shared lesson/,
  },
  {
    name: 'review queue',
    path: () => '/admin/review',
    access: permission('lessons.curateShared'),
    shows: /Waiting for review/,
  },
  {
    name: 'lesson effect',
    path: () => '/admin/effect',
    access: permission('lessons.curateShared'),
    shows: /How runs are compared/,
  },
  { name: 'audit log', path: () => '/admin/audit', access: permission('audit.read'), shows: /Audit log/ },
  { name: 'settings', path: () => '/settings', access: permission('settings.manage'), shows: /Model providers/ },
  {
    name: 'run quotas',
    path: () => '/settings/quotas',
    access: permission('members.manage'),
    shows: /Default for everyone/,
  },
  {
    name: 'datasets',
    path: () => '/datasets',
    access: permission('experiments.manageOwn'),
    shows: /Datasets and experiments/,
  },
  demoExperimentRoute("Demo's seeded dataset", 'datasetId', /Start an experiment/),
  demoExperimentRoute("Demo's seeded experiment", 'experimentId', /ISO date lesson/),
  { name: 'unknown dataset', path: () => '/datasets/no-such-dataset-0123', access: { kind: 'nobody' } },
  { name: 'unknown experiment', path: () => '/experiments/no-such-experiment-0123', access: { kind: 'nobody' } },
  { name: 'unknown invitation', path: () => '/invite/this-code-does-not-exist-0123', access: { kind: 'missing' } },
  { name: 'unknown sign-up link', path: () => '/verify/this-token-does-not-exist-0123', access: { kind: 'missing' } },
  { name: 'unknown page', path: () => '/no-such-page', access: { kind: 'missing' } },
]

/** What a persona (a role, or null when signed out) must get at a route. */
export function expectedOutcome(access: Access, role: Role | null): Outcome {
  if (access.kind === 'public') return 'ok'
  if (access.kind === 'missing') return 'notFound'
  if (role === null) return 'signin'
  if (access.kind === 'signedIn') return 'ok'
  if (access.kind === 'nobody') return 'notFound'
  return can(role, access.permission) ? 'ok' : 'notFound'
}
