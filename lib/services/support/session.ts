import 'server-only'
/**
 * Server-side wiring of the support agent: who may ask about which run, loading a run's log for a
 * Caller (always through Caller-scoped queries), the tenant's redaction, the tenant's model (or
 * none: the offline diagnosis), and the audit entries of support actions.
 */
import type { LanguageModel } from 'ai'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import { writeAudit } from '../audit/write-audit'
import { getPrisma } from '../../adapters/db/client'
import { env } from '../../env'
import { notFound } from '../../errors'
import type { LoggedEvent } from '../../core/events'
import { isDemoModel } from '../../adapters/models/demo'
import { resolveModel } from '../../adapters/models/resolve'
import { tenantSecrets } from '../../adapters/models/tenant-secrets'
import { Reflection, type Redactor } from '../../core/reflection'
import { getRun, readRunEvents, type AuthorizedRunView } from '../runs/queries'
import { tenantRunSettings } from '../runs/tenant-run-settings'
import { tenantRedactor } from './tenant-redaction'
import { loadTenantSettings } from '../tenants/tenant-settings'

/** The run a caller may ask about: any run of the tenant with support.console, else their own with support.askOwn; else notFound(). */
export async function authorizeSupportRun(caller: Caller, runId: string): Promise<AuthorizedRunView> {
  if (can(caller.role, 'support.console')) return getRun(caller, runId)
  if (!can(caller.role, 'support.askOwn')) throw notFound()
  const run = await getRun(caller, runId)
  if (run.userId !== caller.userId) throw notFound()
  return run
}

/** The caller's tenant settings JSON (their own tenant only). */
export const callerTenantSettings = loadTenantSettings

/** The redactor of the caller's tenant (secrets always; e-mails unless turned off). */
export async function supportRedactor(caller: Caller): Promise<Redactor> {
  return tenantRedactor(await callerTenantSettings(caller))
}

/** Reads a whole run log of a run already authorised for this caller (pages of 10,000 events). */
export async function readWholeLog(run: Pick<AuthorizedRunView, 'access'>): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = []
  for (;;) {
    const page = await readRunEvents(run.access, { afterIndex: events.length - 1, limit: 10_000 })
    events.push(...page)
    if (page.length < 10_000) return events
  }
}

/** The run's Reflection, built with the tenant's redaction. */
export async function loadSupportReflection(
  caller: Caller,
  run: Pick<AuthorizedRunView, 'access'>,
): Promise<Reflection> {
  const [events, redactor] = await Promise.all([readWholeLog(run), supportRedactor(caller)])
  return Reflection.fromEvents(events, { redact: redactor })
}

/** Display names of the caller's tenant members, by user id (answers name people, not ids). */
export async function tenantPeopleNames(caller: Caller): Promise<Map<string, string>> {
  const prisma = await getPrisma()
  const memberships = await prisma.membership.findMany({
    where: { tenantId: caller.tenantId },
    select: { user: { select: { id: true, name: true } } },
  })
  return new Map(memberships.map(({ user }) => [user.id, user.name]))
}

/** The model the support agent uses for this tenant, or null when no provider is configured (offline diagnosis). */
export type SupportModel = { model: LanguageModel; label: string } | null

/** The tenant's default model, else DEFAULT_MODEL; null for the demo model, none, or one whose provider is not configured. */
export async function supportModelFor(caller: Caller): Promise<SupportModel> {
  const spec = tenantRunSettings(await callerTenantSettings(caller)).defaultModel || env.DEFAULT_MODEL
  if (!spec || isDemoModel(spec)) return null
  try {
    return { model: await resolveModel(spec, tenantSecrets(await getPrisma(), caller.tenantId)), label: spec }
  } catch {
    return null
  }
}

/** Audits a support action on a run (`support.run_opened`, `support.question_asked`); never the answer. */
export async function auditSupport(
  caller: Caller,
  action: 'support.run_opened' | 'support.question_asked',
  runId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await writeAudit(await getPrisma(), caller, action, { type: 'run', id: runId }, details)
}
