/**
 * The input of the tenant switcher (`app/tenant-actions.ts`): a posted form, or an object from a
 * programmatic call, with one `tenantId`. Anything else is refused with a message, never a throw (a 500).
 */
import { z } from 'zod'
import { formInput } from '../../boundary/actions/form-input'

const switchTenantSchema = z.object(
  {
    tenantId: z
      .string({ error: 'Choose an organisation to switch to.' })
      .trim()
      .min(1, 'Choose an organisation to switch to.')
      .max(64, 'That is not an organisation id.')
      .regex(/^[\w-]+$/, 'That is not an organisation id.'),
  },
  { error: 'Choose an organisation to switch to.' },
)

/** The tenant to switch to, or why the input was refused. */
export function parseSwitchTenantInput(raw: unknown): { ok: true; tenantId: string } | { ok: false; error: string } {
  const parsed = switchTenantSchema.safeParse(formInput(raw))
  return parsed.success
    ? { ok: true, tenantId: parsed.data.tenantId }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Choose an organisation to switch to.' }
}
