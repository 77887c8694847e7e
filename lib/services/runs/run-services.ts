import 'server-only'
import type { Database } from '../../adapters/db/client'
import { announceRunEnded } from '../webhooks/announcements'
import { EventWriter } from './event-writer'
import { runLeasesFor, type RunLeases } from '../../adapters/jobs/run-leases'
import { createRunQueue, type RunQueue } from '../../adapters/jobs/run-queue'

/** The per-process services of one database: the event writer, the run leases and the run queue. */
export type RunServices = { database: Database; writer: EventWriter; leases: RunLeases; queue: RunQueue }

const cache = new WeakMap<Database, RunServices>()

/** This process's run services for a database (created once, shared by submit, cancel and the worker). */
export function runServicesFor(database: Database): RunServices {
  let services = cache.get(database)
  if (!services) {
    const writer = new EventWriter((text, ...values) => database.prisma.$queryRawUnsafe(text, ...values))
    // Every ending of a run goes through the writer (the engine, cancel, recovery): announce it once committed.
    writer.onCommitted((request) => {
      if (request.events.some((event) => event.type === 'run.finished')) announceRunEnded(database, request.runId)
    })
    services = { database, writer, leases: runLeasesFor(database), queue: createRunQueue(database) }
    cache.set(database, services)
  }
  return services
}
