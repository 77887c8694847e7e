import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import type { Prisma } from '../../generated/prisma/client'

/**
 * The datasets a caller may use: the tenant's (shared) ones with experiments.manageTenant, and their
 * own with experiments.manageOwn. Anybody else's is invisible (a 404), admins included.
 */
export function visibleDatasets(caller: Caller): Prisma.DatasetWhereInput {
  const rules: Prisma.DatasetWhereInput[] = []
  if (can(caller.role, 'experiments.manageTenant')) rules.push({ shared: true })
  if (can(caller.role, 'experiments.manageOwn')) rules.push({ shared: false, ownerId: caller.userId })
  return rules.length === 0 ? { id: '\u0000none' } : { tenantId: caller.tenantId, OR: rules }
}

/** The experiments a caller may see: those of the datasets they may use. */
export function visibleExperiments(caller: Caller): Prisma.ExperimentWhereInput {
  return { tenantId: caller.tenantId, dataset: visibleDatasets(caller) }
}

/** Whether the caller may create a dataset of this kind (tenant or own). */
export function mayOwnDataset(caller: Caller, shared: boolean): boolean {
  return can(caller.role, shared ? 'experiments.manageTenant' : 'experiments.manageOwn')
}
