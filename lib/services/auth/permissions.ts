/**
 * The one role → permission table. Every server check (data access, actions, route handlers)
 * and every piece of UI that shows or hides something asks this table, nothing else.
 */

/** A member's role in one tenant. */
export const ROLES = ['member', 'admin', 'support'] as const
export type Role = (typeof ROLES)[number]

/** Every permission, with the roles that hold it. */
export const PERMISSIONS = {
  /** Submit tasks and start runs. */
  'runs.create': ['member', 'admin'],
  /** Read and cancel one's own runs. */
  'runs.readOwn': ['member', 'admin'],
  /** Read every run of the tenant. */
  'runs.readTenant': ['admin', 'support'],
  /**
   * Read run data (titles, prompts, outputs, logs, exports) as written. Everyone else reads it through
   * the tenant's redaction, enforced by the run queries (`runRedactorFor`), on every page and route.
   */
  'runs.readUnredacted': ['member', 'admin'],
  /** Cancel any run of the tenant. */
  'runs.cancelTenant': ['admin'],
  /** Read, edit and delete one's own lessons; propose them for sharing. */
  'lessons.manageOwn': ['member', 'admin'],
  /** Read the tenant's shared lessons. */
  'lessons.readShared': ['member', 'admin', 'support'],
  /** Read (not change) any member's lesson of the tenant: the "Open lesson" links on runs they can read. */
  'lessons.readTenant': ['admin', 'support'],
  /** Create, edit and retire shared lessons; review proposals; see lesson effect. */
  'lessons.curateShared': ['admin'],
  /** Keep one's own datasets and run experiments on them. */
  'experiments.manageOwn': ['member', 'admin'],
  /** Curate the tenant's datasets and run experiments on them (their results judge shared lessons). */
  'experiments.manageTenant': ['admin'],
  /** Rate a run or an attempt (members: their own runs; support and admins: any run of the tenant). */
  'runs.feedback': ['member', 'admin', 'support'],
  /** Ask the support agent about one's own runs. */
  'support.askOwn': ['member', 'admin'],
  /** Open the support console and ask about any run of the tenant. */
  'support.console': ['support', 'admin'],
  /** Invite people, change roles, remove members, set quotas. */
  'members.manage': ['admin'],
  /** Model providers, keys and tenant settings. */
  'settings.manage': ['admin'],
  /** Read the audit log. */
  'audit.read': ['admin'],
  /** Create, list and revoke one's own personal API keys (they act as oneself). */
  'apiKeys.manageOwn': ['member', 'admin', 'support'],
  /** Create tenant API keys, and list and revoke every API key of the tenant. */
  'apiKeys.manageTenant': ['admin'],
  /** Add, test and remove the tenant's webhook endpoints; see their deliveries. */
  'webhooks.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

/** Whether a role holds a permission. */
export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role)
}

/** Every permission a role holds (for the UI and the session). */
export function permissionsOf(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission))
}

/** The scopes an API key may carry. */
export const API_SCOPES = ['runs:read', 'runs:write', 'lessons:read', 'lessons:write', 'admin'] as const
export type ApiScope = (typeof API_SCOPES)[number]

/**
 * Which permissions each API key scope lets a key exercise. A key request needs both: the scope
 * covering the permission, and the role of the person the key acts as holding it. So a key never
 * grants more than its owner's role, and a demoted or removed owner's key loses the rights at once.
 */
export const SCOPE_PERMISSIONS = {
  'runs:read': ['runs.readOwn', 'runs.readTenant', 'support.askOwn', 'support.console'],
  'runs:write': ['runs.create', 'runs.readOwn', 'runs.cancelTenant'],
  'lessons:read': ['lessons.manageOwn', 'lessons.readShared', 'lessons.curateShared'],
  'lessons:write': ['lessons.manageOwn', 'lessons.curateShared'],
  admin: ['members.manage', 'settings.manage', 'audit.read', 'apiKeys.manageTenant', 'webhooks.manage'],
} as const satisfies Record<ApiScope, readonly Permission[]>

/** Whether a key's scopes let it exercise a permission (its owner's role is checked separately). */
export function scopeCovers(scopes: readonly string[], scope: ApiScope): boolean {
  return scopes.includes(scope)
}

/** The scopes a role may put on a key: those covering at least one permission the role holds. */
export function scopesAllowedFor(role: Role): ApiScope[] {
  return API_SCOPES.filter((scope) => SCOPE_PERMISSIONS[scope].some((permission) => can(role, permission)))
}
