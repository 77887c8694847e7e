// The expected surface of the app: every server action, route handler and page, with who may use
// it and on which resources. The isolation matrices compare this table with what they discover in
// app/ at test time: a new action, route or page that is not listed here fails them, by name.
import { can, type ApiScope, type Permission, type Role } from '../../lib/services/auth/permissions'

/** How a resource relates to the person asking: theirs, a colleague's (same tenant), the tenant's own (shared), or another tenant's. */
export type Relation = 'owner' | 'colleague' | 'tenant' | 'foreign'

/** Who may reach a resource. Every rule requires the same tenant; `foreign` is always refused. */
export type Visibility =
  | 'runRead' // the owner (runs.readOwn) or anyone with runs.readTenant
  | 'runCancel' // the owner (runs.readOwn) or anyone with runs.cancelTenant
  | 'runAsk' // support.console for any run, support.askOwn for one's own
  | 'runConsole' // support.console only
  | 'lessonRead' // one's own lesson (lessons.manageOwn), a shared one (lessons.readShared), a colleague's (lessons.readTenant)
  | 'ownLesson' // one's own lesson with lessons.manageOwn
  | 'runReadToDataset' // a run one may read (as runRead), by someone who keeps datasets (experiments.manageOwn)
  | 'datasetUse' // the tenant's dataset (or its experiment) with experiments.manageTenant, one's own with experiments.manageOwn
  | 'apiKeyRevoke' // one's own personal key (apiKeys.manageOwn) or any key of the tenant (apiKeys.manageTenant)
  | { permission: Permission } // a tenant resource: anyone of the tenant with the permission
  | { anyOf: Permission[] } // a tenant resource: anyone of the tenant with one of the permissions

/** Whether someone with `role` may reach a resource of `relation` under `visibility`. */
export function visible(visibility: Visibility, role: Role, relation: Relation): boolean {
  if (relation === 'foreign') return false
  const owner = relation === 'owner'
  if (typeof visibility === 'object')
    return 'anyOf' in visibility ? visibility.anyOf.some((name) => can(role, name)) : can(role, visibility.permission)
  switch (visibility) {
    case 'runRead':
      return can(role, 'runs.readTenant') || (owner && can(role, 'runs.readOwn'))
    case 'runCancel':
      return can(role, 'runs.cancelTenant') || (owner && can(role, 'runs.readOwn'))
    case 'runAsk':
      return can(role, 'support.console') || (owner && can(role, 'support.askOwn'))
    case 'runConsole':
      return can(role, 'support.console')
    case 'lessonRead':
      if (relation === 'tenant') return can(role, 'lessons.readShared')
      return (owner && can(role, 'lessons.manageOwn')) || can(role, 'lessons.readTenant')
    case 'ownLesson':
      return owner && can(role, 'lessons.manageOwn')
    case 'runReadToDataset':
      return (
        can(role, 'experiments.manageOwn') && (can(role, 'runs.readTenant') || (owner && can(role, 'runs.readOwn')))
      )
    case 'datasetUse':
      return relation === 'tenant' ? can(role, 'experiments.manageTenant') : owner && can(role, 'experiments.manageOwn')
    case 'apiKeyRevoke':
      return can(role, 'apiKeys.manageTenant') || (owner && can(role, 'apiKeys.manageOwn'))
  }
}

/** The resource an action or page addresses by id. */
export type ResourceKind =
  | 'run'
  | 'finishedRun'
  | 'ownLesson'
  | 'memoryLesson'
  | 'sharedLesson'
  | 'retiredLesson'
  | 'proposal'
  | 'membership'
  | 'invitation'
  | 'provider'
  | 'dataset'
  | 'experiment'
  | 'testableLesson' // a shared lesson with a past run sharing its task key (what "test this lesson" replays)
  | 'mcpServer'
  | 'tool'
  | 'apiKey'
  | 'webhook'
  | 'signUpLink' // a mailed sign-up link: a bearer token only its address receives (tests know none)
  | 'none'

/** A server action: what it addresses and who may use it. `public` actions are for people outside a tenant. */
export type ActionExpectation =
  | { kind: 'tenant'; resource: ResourceKind; visibility: Visibility; writes: string }
  | { kind: 'public'; writes: string }
  | { kind: 'session'; writes: string } // not an action() wrapper: the service it calls is tested

const permission = (name: Permission): Visibility => ({ permission: name })

/** Every export of every 'use server' file, keyed `file#export`. */
export const SERVER_ACTIONS: Record<string, ActionExpectation> = {
  'app/admin/lessons/actions.ts#createSharedLessonAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('lessons.curateShared'),
    writes: 'a shared lesson + audit',
  },
  'app/admin/lessons/actions.ts#updateSharedLessonAction': {
    kind: 'tenant',
    resource: 'sharedLesson',
    visibility: permission('lessons.curateShared'),
    writes: 'the lesson + audit',
  },
  'app/admin/lessons/actions.ts#retireSharedLessonAction': {
    kind: 'tenant',
    resource: 'sharedLesson',
    visibility: permission('lessons.curateShared'),
    writes: 'the lesson status + audit',
  },
  'app/admin/lessons/actions.ts#restoreSharedLessonAction': {
    kind: 'tenant',
    resource: 'retiredLesson',
    visibility: permission('lessons.curateShared'),
    writes: 'the lesson status + audit',
  },
  'app/admin/review/actions.ts#approveProposalAction': {
    kind: 'tenant',
    resource: 'proposal',
    visibility: permission('lessons.curateShared'),
    writes: 'a shared lesson, the proposal + audit',
  },
  'app/admin/review/actions.ts#rejectProposalAction': {
    kind: 'tenant',
    resource: 'proposal',
    visibility: permission('lessons.curateShared'),
    writes: 'the proposal + audit',
  },
  'app/invite/[code]/actions.ts#acceptInvitationAction': {
    kind: 'public',
    writes: 'a membership; the invitation used',
  },
  'app/invite/[code]/actions.ts#acceptInvitationWithAccountAction': {
    kind: 'public',
    writes: 'a sign-up attempt, a pending sign-up and its mail (the link creates the user and membership)',
  },
  'app/lessons/actions.ts#updateMyLessonAction': {
    kind: 'tenant',
    resource: 'ownLesson',
    visibility: 'ownLesson',
    writes: 'the lesson',
  },
  'app/lessons/actions.ts#deleteMyLessonAction': {
    kind: 'tenant',
    resource: 'ownLesson',
    visibility: 'ownLesson',
    writes: 'the lesson (deleted)',
  },
  'app/lessons/actions.ts#editMemoryLessonAction': {
    kind: 'tenant',
    resource: 'memoryLesson',
    visibility: 'ownLesson',
    writes: "a line of the caller's memory block",
  },
  'app/lessons/actions.ts#deleteMemoryLessonAction': {
    kind: 'tenant',
    resource: 'memoryLesson',
    visibility: 'ownLesson',
    writes: "a line of the caller's memory block (removed)",
  },
  'app/lessons/actions.ts#proposeLessonAction': {
    kind: 'tenant',
    resource: 'ownLesson',
    visibility: 'ownLesson',
    writes: 'a proposal',
  },
  'app/runs/actions.ts#giveFeedbackAction': {
    kind: 'tenant',
    resource: 'finishedRun',
    visibility: 'runRead',
    writes: 'a run.feedback_given event in the run log',
  },
  'app/runs/actions.ts#cancelRunAction': {
    kind: 'tenant',
    resource: 'run',
    visibility: 'runCancel',
    writes: 'the run cancel request + audit',
  },
  'app/settings/actions.ts#saveProviderKeyAction': {
    kind: 'tenant',
    resource: 'provider',
    visibility: permission('settings.manage'),
    writes: 'a provider secret + audit',
  },
  'app/settings/actions.ts#removeProviderKeyAction': {
    kind: 'tenant',
    resource: 'provider',
    visibility: permission('settings.manage'),
    writes: 'the provider secret + audit',
  },
  'app/settings/actions.ts#modelSettingsAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: 'tenant settings + audit',
  },
  'app/settings/tools/actions.ts#addMcpServerAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: 'an MCP server (headers encrypted), its check + audit',
  },
  'app/settings/tools/actions.ts#checkMcpServerAction': {
    kind: 'tenant',
    resource: 'mcpServer',
    visibility: permission('settings.manage'),
    writes: 'the server check, its tools + audit',
  },
  'app/settings/tools/actions.ts#removeMcpServerAction': {
    kind: 'tenant',
    resource: 'mcpServer',
    visibility: permission('settings.manage'),
    writes: 'the server and its tools (deleted) + audit',
  },
  'app/settings/tools/actions.ts#checkOperatorServerAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: "the operator server's tools + audit",
  },
  'app/settings/tools/actions.ts#setToolEnabledAction': {
    kind: 'tenant',
    resource: 'tool',
    visibility: permission('settings.manage'),
    writes: 'the tool switch + audit',
  },
  'app/settings/tools/actions.ts#httpFetchHostsAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: "http_fetch's allowed hosts + audit",
  },
  'app/settings/actions.ts#recallSettingsAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: 'tenant settings + audit',
  },
  'app/settings/members/actions.ts#inviteMemberAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('members.manage'),
    writes: 'an invitation + audit',
  },
  'app/settings/members/actions.ts#changeRoleAction': {
    kind: 'tenant',
    resource: 'membership',
    visibility: permission('members.manage'),
    writes: 'the membership role + audit',
  },
  'app/settings/members/actions.ts#removeMemberAction': {
    kind: 'tenant',
    resource: 'membership',
    visibility: permission('members.manage'),
    writes: 'the membership (deleted) + audit',
  },
  'app/settings/members/actions.ts#revokeInvitationAction': {
    kind: 'tenant',
    resource: 'invitation',
    visibility: permission('members.manage'),
    writes: 'the invitation (deleted) + audit',
  },
  'app/settings/quotas/actions.ts#tenantQuotaAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('members.manage'),
    writes: 'tenant settings + audit',
  },
  'app/settings/data/actions.ts#retentionAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: 'tenant settings (run retention) + audit',
  },
  'app/settings/sso/actions.ts#ssoSettingsAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('settings.manage'),
    writes: 'tenant settings (single sign-on) + audit',
  },
  'app/settings/quotas/actions.ts#memberQuotaAction': {
    kind: 'tenant',
    resource: 'membership',
    visibility: permission('members.manage'),
    writes: 'the membership quota + audit',
  },
  'app/datasets/actions.ts#createDatasetAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('experiments.manageOwn'),
    writes: 'a dataset and its first version (+ audit for the organisation’s)',
  },
  'app/datasets/actions.ts#uploadDatasetItemsAction': {
    kind: 'tenant',
    resource: 'dataset',
    visibility: 'datasetUse',
    writes: 'a dataset version (+ audit for the organisation’s)',
  },
  'app/datasets/actions.ts#addDatasetItemAction': {
    kind: 'tenant',
    resource: 'dataset',
    visibility: 'datasetUse',
    writes: 'a dataset version (+ audit for the organisation’s)',
  },
  'app/datasets/actions.ts#removeDatasetItemAction': {
    kind: 'tenant',
    resource: 'dataset',
    visibility: 'datasetUse',
    writes: 'a dataset version (+ audit for the organisation’s)',
  },
  'app/datasets/actions.ts#addRunsToDatasetAction': {
    kind: 'tenant',
    resource: 'run',
    visibility: 'runReadToDataset',
    writes: 'a dataset and a version from the runs',
  },
  'app/datasets/actions.ts#startExperimentAction': {
    kind: 'tenant',
    resource: 'dataset',
    visibility: 'datasetUse',
    writes: 'an experiment and its first runs (+ audit for the organisation’s)',
  },
  'app/experiments/actions.ts#cancelExperimentAction': {
    kind: 'tenant',
    resource: 'experiment',
    visibility: 'datasetUse',
    writes: 'the experiment status and cancel requests on its runs (+ audit)',
  },
  'app/experiments/actions.ts#testLessonAction': {
    kind: 'tenant',
    resource: 'testableLesson',
    visibility: permission('experiments.manageTenant'),
    writes: 'a dataset, an experiment and its first runs + audit',
  },
  'app/signup/actions.ts#signUpAction': {
    kind: 'public',
    writes: 'a sign-up attempt, a pending sign-up and its mail (the link creates the user, tenant and membership)',
  },
  'app/verify/[token]/actions.ts#confirmSignUpAction': {
    kind: 'public',
    writes: 'a user, a tenant and admin membership + audit, or a membership; the pending sign-up used',
  },
  'app/tasks/actions.ts#submitTaskAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('runs.create'),
    writes: 'a run and its seed event',
  },
  'app/settings/api-keys/actions.ts#createApiKeyAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('apiKeys.manageOwn'),
    writes: 'an API key (hashed) + audit',
  },
  'app/settings/api-keys/actions.ts#revokeApiKeyAction': {
    kind: 'tenant',
    resource: 'apiKey',
    visibility: 'apiKeyRevoke',
    writes: 'the key revoked + audit',
  },
  'app/settings/webhooks/actions.ts#addWebhookAction': {
    kind: 'tenant',
    resource: 'none',
    visibility: permission('webhooks.manage'),
    writes: 'a webhook endpoint (secret encrypted) + audit',
  },
  'app/settings/webhooks/actions.ts#testWebhookAction': {
    kind: 'tenant',
    resource: 'webhook',
    visibility: permission('webhooks.manage'),
    writes: 'a logged test delivery + audit',
  },
  'app/settings/webhooks/actions.ts#removeWebhookAction': {
    kind: 'tenant',
    resource: 'webhook',
    visibility: permission('webhooks.manage'),
    writes: 'the endpoint disabled + audit',
  },
  'app/tenant-actions.ts#switchTenant': { kind: 'session', writes: 'the active-tenant cookie' },
}

/** What a signed-out visitor gets at a page: the page itself, the sign-in redirect, or the 404 page. */
export type SignedOutOutcome = 'ok' | 'signin' | 'notFound'

/** A page: its URL template, what signed-out visitors get, and who may open it (per resource when it has an id). */
export type PageExpectation = {
  path: string
  signedOut: SignedOutOutcome
  /** Signed in: who gets the page (others the 404 page). `everyone` = any member of the active tenant; `signedOutOnly` = signed-in people go home. */
  access: 'everyone' | 'signedOutOnly' | Visibility | { anyOf: Permission[] }
  /** The kind of resource in the URL, when there is one. */
  resource?: ResourceKind
}

/** Every app/**\/page.tsx. */
export const PAGES: Record<string, PageExpectation> = {
  'app/page.tsx': { path: '/', signedOut: 'ok', access: 'everyone' },
  'app/signin/page.tsx': { path: '/signin', signedOut: 'ok', access: 'signedOutOnly' },
  'app/signup/page.tsx': { path: '/signup', signedOut: 'ok', access: 'signedOutOnly' },
  'app/invite/[code]/page.tsx': { path: '/invite/[code]', signedOut: 'ok', access: 'everyone', resource: 'invitation' },
  'app/verify/[token]/page.tsx': {
    path: '/verify/[token]',
    signedOut: 'ok',
    access: 'everyone',
    resource: 'signUpLink',
  },
  // The development mail viewer answers only with no SMTP_URL, on a development server or the embedded database,
  // to this machine: the matrix's server (PostgreSQL, production build) gives everyone the 404 page.
  'app/dev/mail/page.tsx': { path: '/dev/mail', signedOut: 'notFound', access: { anyOf: [] } },
  'app/runs/page.tsx': { path: '/runs', signedOut: 'signin', access: { anyOf: ['runs.readOwn', 'runs.readTenant'] } },
  'app/runs/[id]/page.tsx': { path: '/runs/[id]', signedOut: 'signin', access: 'runRead', resource: 'run' },
  'app/runs/[id]/ask/page.tsx': { path: '/runs/[id]/ask', signedOut: 'signin', access: 'runAsk', resource: 'run' },
  'app/tasks/new/page.tsx': { path: '/tasks/new', signedOut: 'signin', access: { anyOf: ['runs.create'] } },
  'app/lessons/page.tsx': {
    path: '/lessons',
    signedOut: 'signin',
    access: { anyOf: ['lessons.manageOwn', 'lessons.readShared'] },
  },
  'app/lessons/[id]/page.tsx': {
    path: '/lessons/[id]',
    signedOut: 'signin',
    access: 'lessonRead',
    resource: 'ownLesson',
  },
  'app/support/page.tsx': { path: '/support', signedOut: 'signin', access: { anyOf: ['support.console'] } },
  'app/support/runs/[id]/page.tsx': {
    path: '/support/runs/[id]',
    signedOut: 'signin',
    access: 'runConsole',
    resource: 'run',
  },
  'app/admin/lessons/page.tsx': {
    path: '/admin/lessons',
    signedOut: 'signin',
    access: { anyOf: ['lessons.curateShared'] },
  },
  'app/admin/review/page.tsx': {
    path: '/admin/review',
    signedOut: 'signin',
    access: { anyOf: ['lessons.curateShared'] },
  },
  'app/admin/effect/page.tsx': {
    path: '/admin/effect',
    signedOut: 'signin',
    access: { anyOf: ['lessons.curateShared'] },
  },
  'app/datasets/page.tsx': { path: '/datasets', signedOut: 'signin', access: { anyOf: ['experiments.manageOwn'] } },
  'app/datasets/[id]/page.tsx': {
    path: '/datasets/[id]',
    signedOut: 'signin',
    access: 'datasetUse',
    resource: 'dataset',
  },
  'app/experiments/[id]/page.tsx': {
    path: '/experiments/[id]',
    signedOut: 'signin',
    access: 'datasetUse',
    resource: 'experiment',
  },
  'app/admin/audit/page.tsx': { path: '/admin/audit', signedOut: 'signin', access: { anyOf: ['audit.read'] } },
  'app/settings/page.tsx': { path: '/settings', signedOut: 'signin', access: { anyOf: ['settings.manage'] } },
  'app/settings/tools/page.tsx': {
    path: '/settings/tools',
    signedOut: 'signin',
    access: { anyOf: ['settings.manage'] },
  },
  'app/settings/data/page.tsx': {
    path: '/settings/data',
    signedOut: 'signin',
    access: { anyOf: ['settings.manage'] },
  },
  'app/settings/sso/page.tsx': {
    path: '/settings/sso',
    signedOut: 'signin',
    access: { anyOf: ['settings.manage'] },
  },
  'app/settings/quotas/page.tsx': {
    path: '/settings/quotas',
    signedOut: 'signin',
    access: { anyOf: ['members.manage'] },
  },
  'app/settings/members/page.tsx': {
    path: '/settings/members',
    signedOut: 'signin',
    access: { anyOf: ['members.manage'] },
  },
  'app/settings/api-keys/page.tsx': {
    path: '/settings/api-keys',
    signedOut: 'signin',
    access: { anyOf: ['apiKeys.manageOwn'] },
  },
  'app/settings/webhooks/page.tsx': {
    path: '/settings/webhooks',
    signedOut: 'signin',
    access: { anyOf: ['webhooks.manage'] },
  },
  'app/api-docs/page.tsx': { path: '/api-docs', signedOut: 'ok', access: 'everyone' },
  'app/settings/members/[membershipId]/page.tsx': {
    path: '/settings/members/[membershipId]',
    signedOut: 'signin',
    access: permission('members.manage'),
    resource: 'membership',
  },
}

/** A route handler method: its URL template, what signed-out callers get, and who may use it. */
export type RouteExpectation = {
  path: string
  method: 'GET' | 'POST' | 'DELETE'
  /** The scope an API key needs (routes of the public API, /api/v1; their key matrix is tests/integration/api). */
  scope?: ApiScope
  /** Status for a signed-out caller (public handlers: the status they answer with). */
  signedOutStatus: number
  access: 'public' | Visibility
  resource?: ResourceKind
}

/** Every exported method of every app/**\/route.ts, keyed `file#METHOD`. */
export const ROUTE_HANDLERS: Record<string, RouteExpectation> = {
  'app/api/auth/[...nextauth]/route.ts#GET': {
    path: '/api/auth/session',
    method: 'GET',
    signedOutStatus: 200,
    access: 'public',
  },
  'app/api/auth/[...nextauth]/route.ts#POST': {
    path: '/api/auth/callback/credentials',
    method: 'POST',
    signedOutStatus: 302,
    access: 'public',
  },
  'app/api/health/route.ts#GET': { path: '/api/health', method: 'GET', signedOutStatus: 200, access: 'public' },
  'app/api/health/live/route.ts#GET': {
    path: '/api/health/live',
    method: 'GET',
    signedOutStatus: 200,
    access: 'public',
  },
  'app/api/health/ready/route.ts#GET': {
    path: '/api/health/ready',
    method: 'GET',
    signedOutStatus: 200,
    access: 'public',
  },
  // Operators only, by token: 404 while METRICS_TOKEN is unset (as in the matrix's server), whoever asks.
  'app/api/metrics/route.ts#GET': { path: '/api/metrics', method: 'GET', signedOutStatus: 404, access: 'public' },
  'app/api/retention/export/route.ts#GET': {
    path: '/api/retention/export',
    method: 'GET',
    signedOutStatus: 404,
    access: { permission: 'settings.manage' },
  },
  'app/api/runs/[id]/export/route.ts#GET': {
    path: '/api/runs/[id]/export',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runRead',
    resource: 'run',
  },
  'app/api/runs/[id]/stream/route.ts#GET': {
    path: '/api/runs/[id]/stream',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runRead',
    resource: 'run',
  },
  'app/api/support/runs/[id]/chat/route.ts#POST': {
    path: '/api/support/runs/[id]/chat',
    method: 'POST',
    signedOutStatus: 401,
    access: 'runAsk',
    resource: 'run',
  },
  'app/api/support/runs/[id]/events/route.ts#GET': {
    path: '/api/support/runs/[id]/events',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runAsk',
    resource: 'run',
  },
  'app/api/v1/runs/route.ts#GET': {
    path: '/api/v1/runs',
    method: 'GET',
    signedOutStatus: 401,
    access: { anyOf: ['runs.readOwn', 'runs.readTenant'] },
    scope: 'runs:read',
  },
  'app/api/v1/runs/route.ts#POST': {
    path: '/api/v1/runs',
    method: 'POST',
    signedOutStatus: 401,
    access: permission('runs.create'),
    scope: 'runs:write',
  },
  'app/api/v1/runs/[id]/route.ts#GET': {
    path: '/api/v1/runs/[id]',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runRead',
    scope: 'runs:read',
  },
  'app/api/v1/runs/[id]/cancel/route.ts#POST': {
    path: '/api/v1/runs/[id]/cancel',
    method: 'POST',
    signedOutStatus: 401,
    access: 'runCancel',
    scope: 'runs:write',
  },
  'app/api/v1/runs/[id]/events/route.ts#GET': {
    path: '/api/v1/runs/[id]/events',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runRead',
    scope: 'runs:read',
  },
  'app/api/v1/runs/[id]/stream/route.ts#GET': {
    path: '/api/v1/runs/[id]/stream',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runRead',
    scope: 'runs:read',
  },
  'app/api/v1/runs/[id]/export/route.ts#GET': {
    path: '/api/v1/runs/[id]/export',
    method: 'GET',
    signedOutStatus: 401,
    access: 'runRead',
    scope: 'runs:read',
  },
  'app/api/v1/runs/[id]/ask/route.ts#POST': {
    path: '/api/v1/runs/[id]/ask',
    method: 'POST',
    signedOutStatus: 401,
    access: 'runAsk',
    scope: 'runs:read',
  },
  'app/api/v1/lessons/route.ts#GET': {
    path: '/api/v1/lessons',
    method: 'GET',
    signedOutStatus: 401,
    access: permission('lessons.manageOwn'),
    scope: 'lessons:read',
  },
  'app/api/v1/lessons/route.ts#POST': {
    path: '/api/v1/lessons',
    method: 'POST',
    signedOutStatus: 401,
    access: permission('lessons.manageOwn'),
    scope: 'lessons:write',
  },
  'app/api/v1/lessons/[id]/route.ts#DELETE': {
    path: '/api/v1/lessons/[id]',
    method: 'DELETE',
    signedOutStatus: 401,
    access: 'ownLesson',
    scope: 'lessons:write',
  },
  'app/api/v1/lessons/[id]/propose/route.ts#POST': {
    path: '/api/v1/lessons/[id]/propose',
    method: 'POST',
    signedOutStatus: 401,
    access: 'ownLesson',
    scope: 'lessons:write',
  },
  'app/api/v1/shared-lessons/route.ts#GET': {
    path: '/api/v1/shared-lessons',
    method: 'GET',
    signedOutStatus: 401,
    access: permission('lessons.readShared'),
    scope: 'lessons:read',
  },
  'app/api/v1/shared-lessons/route.ts#POST': {
    path: '/api/v1/shared-lessons',
    method: 'POST',
    signedOutStatus: 401,
    access: permission('lessons.curateShared'),
    scope: 'lessons:write',
  },
  'app/api/v1/proposals/route.ts#GET': {
    path: '/api/v1/proposals',
    method: 'GET',
    signedOutStatus: 401,
    access: permission('lessons.curateShared'),
    scope: 'lessons:read',
  },
  'app/api/v1/mcp/route.ts#POST': {
    path: '/api/v1/mcp',
    method: 'POST',
    signedOutStatus: 401,
    access: { anyOf: ['runs.readOwn', 'runs.readTenant'] },
    scope: 'runs:read',
  },
  'app/api/v1/mcp/route.ts#GET': { path: '/api/v1/mcp', method: 'GET', signedOutStatus: 405, access: 'public' },
  'app/api/v1/openapi.json/route.ts#GET': {
    path: '/api/v1/openapi.json',
    method: 'GET',
    signedOutStatus: 200,
    access: 'public',
  },
}
