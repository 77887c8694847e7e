import { notFound } from '../../errors'
import type { Caller } from './caller'
import { can, type Permission } from './permissions'

/**
 * Refuses a caller without the permission. The refusal is a 404, the same answer as for another
 * tenant's resource, so a forbidden page does not reveal that it exists.
 */
export function requirePermission(caller: Caller, permission: Permission): void {
  if (!can(caller.role, permission)) throw notFound()
}

/** Refuses a resource of another tenant (404). */
export function requireSameTenant(caller: Caller, tenantId: string): void {
  if (caller.tenantId !== tenantId) throw notFound()
}
