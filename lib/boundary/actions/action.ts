import 'server-only'
import { revalidatePath } from 'next/cache'
import { headers } from 'next/headers'
import { redirect, unstable_rethrow } from 'next/navigation'
import type { z } from 'zod'
import { clientAddressFrom } from '../../services/auth/client-address'
import { getCaller, getSession } from '../../services/auth/session'
import type { ActionResult } from '../../errors'
import { runAction, runPublicAction, type ActionDefinition, type PublicActionDefinition } from './define'

/**
 * Options of the server-side wrapper: paths whose pages change when the action succeeds, and where to go
 * after it succeeds (for an action whose page no longer exists afterwards, like removing a member).
 */
export type ActionOptions = { revalidate?: string[]; redirectTo?: string }

/** What a form calls: `useActionState(serverAction, null)` or `serverAction(null, { …fields })`. */
export type ServerAction<Data> = (
  previous: ActionResult<Data> | null | undefined,
  input: FormData | object,
) => Promise<ActionResult<Data>>

function after<Data>(result: ActionResult<Data>, options: ActionOptions): ActionResult<Data> {
  if (result.ok) for (const path of options.revalidate ?? []) revalidatePath(path)
  if (result.ok && options.redirectTo) redirect(options.redirectTo)
  return result
}

/**
 * A safe server action: parses the input (zod → field errors), loads the session and the
 * membership of the active tenant, checks the role, calls the handler, and maps every error to
 * a result — it never throws at the user. Export it from a 'use server' file.
 */
export function action<Schema extends z.ZodType, Data>(
  definition: ActionDefinition<Schema, Data>,
  options: ActionOptions = {},
): ServerAction<Data> {
  return async (_previous, input) =>
    after(await runAction(definition, input, await getCaller(), unstable_rethrow), options)
}

/** A server action for people outside any tenant yet (sign up, accept an invitation). */
export function publicAction<Schema extends z.ZodType, Data>(
  definition: PublicActionDefinition<Schema, Data>,
  options: ActionOptions = {},
): ServerAction<Data> {
  return async (_previous, input) => {
    const session = await getSession()
    const address = clientAddressFrom(await headers())
    return after(
      await runPublicAction(definition, input, { userId: session?.user.id ?? null, address }, unstable_rethrow),
      options,
    )
  }
}
