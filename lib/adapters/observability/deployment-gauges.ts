import 'server-only'
import client from 'prom-client'
import type { Database } from '../db/client'

/**
 * Gauges read from the database at scrape time, so every app server reports the same deployment-wide
 * figures: runs by status, and the run queue's depth and the age of its oldest waiting job.
 */
export async function deploymentGauges(database: Database): Promise<client.Registry> {
  const registry = new client.Registry()
  const runs = new client.Gauge({
    name: 'reflexion_runs',
    help: 'Runs by status (all tenants)',
    labelNames: ['status'] as const,
    registers: [registry],
  })
  const depth = new client.Gauge({
    name: 'reflexion_queue_depth',
    help: 'Run jobs waiting to be picked up',
    registers: [registry],
  })
  const age = new client.Gauge({
    name: 'reflexion_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting run job (0 when none waits)',
    registers: [registry],
  })
  const { prisma } = database
  const byStatus = await prisma.run.groupBy({ by: ['status'], _count: { _all: true } })
  for (const status of ['queued', 'running', 'succeeded', 'failed', 'interrupted', 'cancelled'])
    runs.set({ status }, byStatus.find((row) => row.status === status)?._count._all ?? 0)
  const present = await prisma.$queryRaw<
    { present: boolean }[]
  >`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`
  if (present[0]?.present) {
    const [row] = await prisma.$queryRaw<{ waiting: bigint; oldest: number | null }[]>`
      SELECT count(*) AS waiting, EXTRACT(EPOCH FROM (now() - min(created_on)))::float8 AS oldest
        FROM pgboss.job WHERE name = 'runs' AND state IN ('created', 'retry') AND start_after <= now()`
    depth.set(Number(row?.waiting ?? 0))
    age.set(row?.oldest ?? 0)
  }
  return registry
}
