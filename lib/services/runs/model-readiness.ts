import type { Db } from '../../adapters/db/client'
import { isDemoModel } from '../../adapters/models/demo'
import { ModelConfigError } from '../../adapters/models/model-config-error'
import { resolveModel } from '../../adapters/models/resolve'
import { tenantSecrets } from '../../adapters/models/tenant-secrets'

/** The models a submitted task will call, by form field; a role model the run never calls is left out. */
export type ModelsToCheck = { 'models.agent': string; 'models.evaluator'?: string; 'models.reflector'?: string }

/**
 * Checks, before a run is created, that every model the run will call has its provider configured (the
 * tenant's stored key or the environment), so a missing key is a field error under that model, not a run
 * that ends `model_config`. Resolving builds the provider client only: nothing is sent.
 */
export async function modelFieldErrors(
  prisma: Db,
  tenantId: string,
  models: ModelsToCheck,
): Promise<Record<string, string[]>> {
  const secrets = tenantSecrets(prisma, tenantId)
  const errors: Record<string, string[]> = {}
  for (const [field, spec] of Object.entries(models)) {
    if (!spec || isDemoModel(spec)) continue
    try {
      await resolveModel(spec, secrets)
    } catch (error) {
      if (!(error instanceof ModelConfigError)) throw error
      errors[field] = [`${error.message} An admin can add the key under Settings → Model providers.`]
    }
  }
  return errors
}
