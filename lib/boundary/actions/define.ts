import { z } from 'zod'
import type { Caller } from '../../services/auth/caller'
import { can, type Permission } from '../../services/auth/permissions'
import { toActionError, type ActionResult } from '../../errors'
import { formInput } from './form-input'
import { STALE_TENANT_ERROR, takeFormTenant } from './form-tenant'
import { unsafeFieldRefusal } from './safe-keys'
import { nulCharacterRefusal, wellFormedInput } from './storable-text'

/**
 * A form's server-side contract, free of Next.js so tests can run it with a real caller:
 * the zod schema of its input, the permission it needs, and the handler that calls a lib/ service.
 */
export type ActionDefinition<Schema extends z.ZodType, Data> = {
  schema: Schema
  /** The permission the caller's role must hold in the active tenant; omitted = any member. */
  permission?: Permission
  handler: (input: z.output<Schema>, caller: Caller) => Promise<Data>
}

/** Who submits a public form: the signed-in user (maybe nobody) and the client address (for limits). */
export type PublicViewer = { userId: string | null; address?: string }

/** A form for people who may not be in a tenant yet (sign up, accept an invitation). */
export type PublicActionDefinition<Schema extends z.ZodType, Data> = {
  schema: Schema
  handler: (input: z.output<Schema>, viewer: PublicViewer) => Promise<Data>
}

/** Called first with any thrown error; lets Next's redirect/notFound signals through. */
export type Rethrow = (error: unknown) => void

/** Says the input was wrong and which fields; each message says what is accepted. */
export function invalidInput(error: z.ZodError): { ok: false; error: string; fieldErrors: Record<string, string[]> } {
  const flat = z.flattenError(error)
  const fieldErrors = Object.fromEntries(
    Object.entries(flat.fieldErrors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
  )
  const formError = flat.formErrors[0]
  return { ok: false, error: formError ?? 'Some fields need attention.', fieldErrors }
}

/** Parses the input, checks the caller's role, runs the handler; every failure becomes a result. */
export async function runAction<Schema extends z.ZodType, Data>(
  definition: ActionDefinition<Schema, Data>,
  raw: unknown,
  caller: Caller | null,
  rethrow?: Rethrow,
): Promise<ActionResult<Data>> {
  try {
    if (!caller) return { ok: false, error: 'Your session has ended. Sign in again to continue.' }
    if (definition.permission && !can(caller.role, definition.permission)) return { ok: false, error: 'Not found' }
    const bound = takeFormTenant(formInput(raw))
    // A form rendered for another tenant than the active one (switched in another tab): refuse, change nothing.
    if (bound.tenantId !== undefined && bound.tenantId !== caller.tenantId)
      return { ok: false, error: STALE_TENANT_ERROR }
    const posted = bound.input
    const unsafe = unsafeFieldRefusal(posted)
    if (unsafe) return unsafe
    const input = wellFormedInput(posted)
    const unstorable = nulCharacterRefusal(input)
    if (unstorable) return unstorable
    const parsed = definition.schema.safeParse(input)
    if (!parsed.success) return invalidInput(parsed.error)
    return { ok: true, data: await definition.handler(parsed.data, caller) }
  } catch (error) {
    rethrow?.(error)
    return toActionError(error)
  }
}

/** Runs a public action: parse, then the handler with whoever is signed in (maybe nobody). */
export async function runPublicAction<Schema extends z.ZodType, Data>(
  definition: PublicActionDefinition<Schema, Data>,
  raw: unknown,
  viewer: PublicViewer,
  rethrow?: Rethrow,
): Promise<ActionResult<Data>> {
  try {
    // Outside any tenant yet: the bound tenant field says nothing here, and is dropped.
    const posted = takeFormTenant(formInput(raw)).input
    const unsafe = unsafeFieldRefusal(posted)
    if (unsafe) return unsafe
    const input = wellFormedInput(posted)
    const unstorable = nulCharacterRefusal(input)
    if (unstorable) return unstorable
    const parsed = definition.schema.safeParse(input)
    if (!parsed.success) return invalidInput(parsed.error)
    return { ok: true, data: await definition.handler(parsed.data, viewer) }
  } catch (error) {
    rethrow?.(error)
    return toActionError(error)
  }
}

/** Declares a tenant-scoped action (typed helper; returns its argument). */
export function defineAction<Schema extends z.ZodType, Data>(
  definition: ActionDefinition<Schema, Data>,
): ActionDefinition<Schema, Data> {
  return definition
}

/** Declares a public action (typed helper; returns its argument). */
export function definePublicAction<Schema extends z.ZodType, Data>(
  definition: PublicActionDefinition<Schema, Data>,
): PublicActionDefinition<Schema, Data> {
  return definition
}
