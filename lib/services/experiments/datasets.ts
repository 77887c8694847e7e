import 'server-only'
import { z } from 'zod'
import { writeAudit } from '../audit/write-audit'
import type { Caller } from '../auth/caller'
import { getPrisma } from '../../adapters/db/client'
import { AppError, notFound } from '../../errors'
import { visibleRuns } from '../runs/queries'
import { storedTaskOf } from '../runs/stored-task'
import { mayOwnDataset, visibleDatasets } from './access'
import {
  createDatasetSchema,
  datasetItemSchema,
  MAX_DATASET_ITEMS,
  type CreateDatasetInput,
  type DatasetItem,
} from './schemas'

/** A dataset in a list. */
export type DatasetSummary = {
  id: string
  name: string
  description: string
  shared: boolean
  version: number
  itemCount: number
  updatedAt: Date
}

/** A dataset with the items of one version (the newest unless asked) and its version history. */
export type DatasetDetail = DatasetSummary & {
  ownerId: string
  shownVersion: number
  items: DatasetItem[]
  versions: { version: number; itemCount: number; createdAt: Date }[]
}

function badItems(error: z.ZodError): AppError {
  return new AppError(
    'bad_request',
    'Some items are not valid tasks.',
    z.flattenError(error).fieldErrors as Record<string, string[]>,
  )
}

/** Validates items with the task input schema, or throws a bad_request naming what is wrong. */
export function validItems(items: unknown): DatasetItem[] {
  const parsed = z.array(datasetItemSchema).max(MAX_DATASET_ITEMS).safeParse(items)
  if (!parsed.success) throw badItems(parsed.error)
  return parsed.data
}

/** The datasets the caller may use, newest first. */
export async function listDatasets(caller: Caller): Promise<DatasetSummary[]> {
  const prisma = await getPrisma()
  const rows = await prisma.dataset.findMany({
    where: visibleDatasets(caller),
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    take: 200,
    include: { versions: { orderBy: { version: 'desc' }, take: 1, select: { itemCount: true } } },
  })
  return rows.map(({ versions, ...row }) => ({ ...row, itemCount: versions[0]?.itemCount ?? 0 }))
}

/** One dataset the caller may use (else notFound()), with one version's items. */
export async function getDataset(caller: Caller, datasetId: string, version?: number): Promise<DatasetDetail> {
  const prisma = await getPrisma()
  const dataset = await prisma.dataset.findFirst({
    where: { AND: [visibleDatasets(caller), { id: datasetId }] },
    include: {
      versions: { orderBy: { version: 'desc' }, select: { version: true, itemCount: true, createdAt: true } },
    },
  })
  if (!dataset) throw notFound()
  const shownVersion =
    version && dataset.versions.some((entry) => entry.version === version) ? version : dataset.version
  const stored = await prisma.datasetVersion.findUnique({
    where: { datasetId_version: { datasetId, version: shownVersion } },
    select: { items: true },
  })
  const { versions, ...rest } = dataset
  return {
    ...rest,
    itemCount: versions[0]?.itemCount ?? 0,
    shownVersion,
    items: (stored?.items ?? []) as DatasetItem[],
    versions,
  }
}

/** Creates a dataset (version 1) for the caller or, for admins, the tenant; tenant datasets are audited. */
export async function createDataset(caller: Caller, input: CreateDatasetInput): Promise<{ datasetId: string }> {
  const parsed = createDatasetSchema.safeParse(input)
  if (!parsed.success) throw badItems(parsed.error)
  const { name, description, shared, items } = parsed.data
  if (!mayOwnDataset(caller, shared)) throw notFound()
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const dataset = await tx.dataset.create({
      data: { tenantId: caller.tenantId, ownerId: caller.userId, shared, name, description, version: 1 },
    })
    await tx.datasetVersion.create({
      data: {
        tenantId: caller.tenantId,
        datasetId: dataset.id,
        version: 1,
        items: JSON.parse(JSON.stringify(items)),
        itemCount: items.length,
        createdById: caller.userId,
      },
    })
    if (shared) await writeAudit(tx, caller, 'dataset.created', { type: 'dataset', id: dataset.id }, { name })
    return { datasetId: dataset.id }
  })
}

/**
 * Makes a new version of a dataset from its newest items: `change` returns the new list. Versions
 * never change once written, so experiments keep the exact items they ran. Serialised per dataset.
 */
export async function editDatasetItems(
  caller: Caller,
  datasetId: string,
  change: (items: DatasetItem[]) => DatasetItem[],
  what: string,
): Promise<{ version: number }> {
  const prisma = await getPrisma()
  return prisma.$transaction(async (tx) => {
    const dataset = await tx.dataset.findFirst({ where: { AND: [visibleDatasets(caller), { id: datasetId }] } })
    if (!dataset) throw notFound()
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(7012, hashtext($1))', datasetId)
    const current = await tx.dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { version: true } })
    const latest = await tx.datasetVersion.findUnique({
      where: { datasetId_version: { datasetId, version: current.version } },
      select: { items: true },
    })
    const items = validItems(change(((latest?.items ?? []) as DatasetItem[]).slice()))
    const version = current.version + 1
    await tx.datasetVersion.create({
      data: {
        tenantId: caller.tenantId,
        datasetId,
        version,
        items: JSON.parse(JSON.stringify(items)),
        itemCount: items.length,
        createdById: caller.userId,
      },
    })
    await tx.dataset.update({ where: { id: datasetId }, data: { version } })
    if (dataset.shared)
      await writeAudit(tx, caller, 'dataset.edited', { type: 'dataset', id: datasetId }, { version, change: what })
    return { version }
  })
}

/** Appends validated items (by hand or from an upload) as a new version. */
export function appendDatasetItems(caller: Caller, datasetId: string, items: unknown): Promise<{ version: number }> {
  const valid = validItems(items)
  if (valid.length === 0) throw new AppError('bad_request', 'Nothing to add.')
  return editDatasetItems(caller, datasetId, (current) => [...current, ...valid], `added ${valid.length}`)
}

/** Removes one item (0-based position of the newest version) as a new version. */
export function removeDatasetItem(caller: Caller, datasetId: string, position: number): Promise<{ version: number }> {
  return editDatasetItems(
    caller,
    datasetId,
    (current) => {
      if (!Number.isInteger(position) || position < 0 || position >= current.length)
        throw new AppError('bad_request', 'That item is not in the dataset any more.')
      return current.filter((_, index) => index !== position)
    },
    `removed item ${position + 1}`,
  )
}

/** A run's task as a dataset item: its stored task without what an experiment added. */
export function runAsDatasetItem(config: unknown, title: string): DatasetItem {
  const { recall: _recall, models, ...task } = storedTaskOf(config)
  return datasetItemSchema.parse({
    ...task,
    title: task.title || title,
    models: { agent: models.agent, evaluator: models.evaluator, reflector: models.reflector },
  })
}

/**
 * The tasks of runs the caller may read, oldest first; runs of experiments and runs the caller may
 * not read are skipped, and none readable is a notFound() (the same answer as for missing runs).
 */
async function itemsFromRuns(caller: Caller, runIds: string[]): Promise<DatasetItem[]> {
  const prisma = await getPrisma()
  const runs = await prisma.run.findMany({
    where: { AND: [visibleRuns(caller), { id: { in: runIds.slice(0, MAX_DATASET_ITEMS) }, experimentId: null }] },
    select: { id: true, config: true, title: true, createdAt: true },
    orderBy: { createdAt: 'asc' },
  })
  if (runs.length === 0) throw notFound()
  const items: DatasetItem[] = []
  for (const run of runs) {
    try {
      items.push(runAsDatasetItem(run.config, run.title))
    } catch {
      // A run stored before today's task schema: it cannot be replayed as is, so it is left out.
    }
  }
  if (items.length === 0) throw new AppError('bad_request', 'None of these runs can be added.')
  return items
}

/** Adds runs the caller may read to one of their datasets as items (a new version). */
export async function addRunsToDataset(
  caller: Caller,
  datasetId: string,
  runIds: string[],
): Promise<{ version: number; added: number }> {
  const items = await itemsFromRuns(caller, runIds)
  const { version } = await editDatasetItems(
    caller,
    datasetId,
    (current) => [...current, ...items],
    `added ${items.length} from runs`,
  )
  return { version, added: items.length }
}

/** Makes a new dataset of the runs the caller may read (nothing is created when none may be read). */
export async function createDatasetFromRuns(
  caller: Caller,
  input: { name: string; shared: boolean },
  runIds: string[],
): Promise<{ datasetId: string; added: number }> {
  const items = await itemsFromRuns(caller, runIds)
  const { datasetId } = await createDataset(caller, { ...input, items })
  return { datasetId, added: items.length }
}
