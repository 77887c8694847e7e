/**
 * The tenant's redaction settings (`Tenant.settings.redaction`) as a Reflection redactor. Every
 * class is on by default; a tenant may turn e-mail masking off. Secrets are always masked.
 */
import { z } from 'zod'
import { createRedactor, type Redactor } from '../../core/reflection'

/** The redaction keys of a tenant's settings JSON; what does not parse falls back to the default (on). */
export const tenantRedactionSchema = z.object({
  emails: z.boolean().optional().catch(undefined),
  phones: z.boolean().optional().catch(undefined),
})

/** What a tenant's settings say about redaction. */
export type TenantRedaction = { emails: boolean; phones: boolean }

/** Reads `settings.redaction`, defaulting every class to on. */
export function tenantRedaction(settings: unknown): TenantRedaction {
  const redaction =
    settings && typeof settings === 'object' ? (settings as { redaction?: unknown }).redaction : undefined
  const parsed = tenantRedactionSchema.safeParse(redaction && typeof redaction === 'object' ? redaction : {})
  return {
    emails: parsed.success ? (parsed.data.emails ?? true) : true,
    phones: parsed.success ? (parsed.data.phones ?? true) : true,
  }
}

/** The redactor for a tenant: secrets always, e-mail addresses and phone numbers unless the tenant turned them off. */
export function tenantRedactor(settings: unknown): Redactor {
  const { emails, phones } = tenantRedaction(settings)
  return createRedactor({ secrets: true, emails, phones })
}
