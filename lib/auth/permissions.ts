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
  /** Cancel any run of the tenant. */
  'runs.cancelTenant': ['admin'],
  /** Read, edit and delete one's own lessons; propose them for sharing. */
  'lessons.manageOwn': ['member', 'admin'],
  /** Read the tenant's shared lessons. */
  'lessons.readShared': ['member', 'admin', 'support'],
  /** Create, edit and retire shared lessons; review proposals; see lesson effect. */
  'lessons.curateShared': ['admin'],
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
