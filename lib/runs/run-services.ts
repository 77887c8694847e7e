import 'server-only'
import type { Database } from '../db/client'
import { EventWriter } from './event-writer'
import { runLeasesFor, type RunLeases } from './run-leases'
import { createRunQueue, type RunQueue } from './run-queue'

/** The per-process services of one database: the event writer, the run leases and the run queue. */
export type RunServices = { database: Database; writer: EventWriter; leases: RunLeases; queue: RunQueue }

const cache = new WeakMap<Database, RunServices>()

/** This process's run services for a database (created once, shared by submit, cancel and the worker). */
export function runServicesFor(database: Database): RunServices {
  let services = cache.get(database)
  if (!services) {
    const writer = new EventWriter((text, ...values) => database.prisma.$queryRawUnsafe(text, ...values))
    services = { database, writer, leases: runLeasesFor(database), queue: createRunQueue(database) }
    cache.set(database, services)
  }
  return services
}
