import type { Role } from './permissions'

/**
 * Who is asking, in which tenant: the signed-in user and their membership there. Every
 * data-access function takes one, so no query can be written without a tenant and a caller.
 */
export type Caller = {
  userId: string
  tenantId: string
  role: Role
}
