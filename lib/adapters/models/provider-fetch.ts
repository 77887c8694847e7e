import { assertOutboundUrl, createGuardedFetch, OutboundRefusedError } from '../net'
import { ModelConfigError } from './model-config-error'
import type { SecretsBackend } from './secrets'

// Provider answers stream for minutes and can be long: wider bounds than the guard's defaults.
const PROVIDER_LIMITS = { timeoutMs: 10 * 60_000, maxResponseBytes: 64 * 1024 * 1024 }

/**
 * The fetch a provider uses: when a tenant supplied the base URL, it is checked now (a clear
 * configuration error) and every request goes through the outbound guard, so a tenant key is never
 * sent to a loopback, private or metadata address. Operator URLs use the default fetch.
 */
export async function providerFetch(
  secrets: SecretsBackend,
  urlName: string,
  spec: string,
): Promise<typeof fetch | undefined> {
  const url = await secrets.get(urlName)
  if (url === undefined || !(await secrets.fromTenant?.(urlName))) return undefined
  try {
    await assertOutboundUrl(url)
  } catch (error) {
    if (error instanceof OutboundRefusedError)
      throw new ModelConfigError(`Model '${spec}': the provider base URL was refused. ${error.message}`)
    throw error
  }
  return createGuardedFetch(PROVIDER_LIMITS)
}
