import 'server-only'
import { getPrisma } from '../../adapters/db/client'

/** What the limiter decided for one request, for the RateLimit headers. */
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetSeconds: number }

const WINDOW_MS = 60_000

/**
 * Counts one request of an API key in the current minute (a row per key and minute in PostgreSQL,
 * so every app server shares the count) and says whether it is within `limit`.
 */
export async function consumeRate(keyId: string, limit: number, now = new Date()): Promise<RateDecision> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS)
  const prisma = await getPrisma()
  const [row] = await prisma.$queryRawUnsafe<{ count: number }[]>(
    `INSERT INTO api_rate_windows (key_id, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key_id, window_start) DO UPDATE SET count = api_rate_windows.count + 1
     RETURNING count`,
    keyId,
    windowStart,
  )
  const resetSeconds = Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000)
  // Old windows are dropped now and then by the request that opens a new one.
  if (row.count === 1)
    void prisma.apiRateWindow
      .deleteMany({ where: { keyId, windowStart: { lt: windowStart } } })
      .catch((error: Error) => console.error('[api] could not drop old rate windows', error.message))
  return { allowed: row.count <= limit, limit, remaining: Math.max(0, limit - row.count), resetSeconds }
}

/** The RateLimit headers of a decision (IETF draft names plus Retry-After on refusal). */
export function rateHeaders(decision: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    ...(decision.allowed ? {} : { 'Retry-After': String(decision.resetSeconds) }),
  }
}
