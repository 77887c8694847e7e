import 'server-only'
/**
 * The redaction a caller reads run data through. Roles without `runs.readUnredacted` (support) get
 * the tenant's redactor on every title, prompt, output, task setting and event payload the run
 * queries return, so no page, export, stream or API can show them a raw value.
 */
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import type { LoggedEvent } from '../../core/events/event'
import { redactValue, type Redactor } from '../../core/reflection/redact'
import { tenantRedactor } from '../support/tenant-redaction'
import { loadTenantSettings } from '../tenants/tenant-settings'

/** The redactor for this caller's reads of run data, or null when they read it as written. */
export async function runRedactorFor(caller: Caller): Promise<Redactor | null> {
  if (can(caller.role, 'runs.readUnredacted')) return null
  return tenantRedactor(await loadTenantSettings(caller))
}

/** A text through the redactor (unchanged without one). */
export function redactRunText<T extends string | null>(text: T, redactor: Redactor | null): T {
  return redactor && text !== null ? (redactor.redactText(text) as T) : text
}

/** A JSON value through the redactor, secrets in sensitive fields masked whole (unchanged without one). */
export function redactRunValue<T>(value: T, redactor: Redactor | null): T {
  return redactor ? (redactValue(value, redactor) as T) : value
}

/** A logged event with its payload through the redactor (unchanged without one). */
export function redactLoggedEvent(event: LoggedEvent, redactor: Redactor | null): LoggedEvent {
  return redactor ? ({ ...event, payload: redactValue(event.payload, redactor) } as LoggedEvent) : event
}

/**
 * Whether a run found by a text search still matches once redacted: the database searches the raw
 * title and prompt, so without this a redacted reader could find a run by guessing its secret.
 */
export function matchesRedactedSearch(
  run: { title: string; prompt: string },
  query: string | undefined,
  redactor: Redactor | null,
): boolean {
  if (!redactor || !query) return true
  const needle = query.replaceAll('\u0000', '').toLowerCase()
  return [run.title, run.prompt].some((text) => redactor.redactText(text).toLowerCase().includes(needle))
}
