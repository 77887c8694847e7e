import 'server-only'
import crypto from 'node:crypto'
import client from 'prom-client'
import type { Database } from '../db/client'
import { deploymentGauges } from './deployment-gauges'
import { metrics } from './metrics'

/** Whether a request carries the metrics token (`Authorization: Bearer …`), compared in constant time. */
export function hasMetricsToken(authorization: string | null, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false
  const given = crypto.createHash('sha256').update(authorization.slice(7)).digest()
  const expected = crypto.createHash('sha256').update(token).digest()
  return crypto.timingSafeEqual(given, expected)
}

/**
 * The Prometheus text of this process's metrics, plus the deployment-wide gauges read from the
 * database when one is given (app servers; a worker reports only its own process).
 */
export async function metricsText(database: Database | null): Promise<{ body: string; contentType: string }> {
  const registries = [metrics().registry]
  if (database) registries.push(await deploymentGauges(database))
  const merged = client.Registry.merge(registries)
  return { body: await merged.metrics(), contentType: merged.contentType }
}
