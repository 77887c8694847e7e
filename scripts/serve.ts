// The body of server.ts (which first registers the server-only hook and sets NODE_ENV).
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import next from 'next'
import { REQUEST_PATH_HEADER } from '../lib/services/auth/callback-url'
import { CLIENT_ADDRESS_HEADER, parseTrustedProxies, resolveClientAddress } from '../lib/services/auth/client-address'
import { getDatabase, openDatabase, setDatabase, type Database } from '../lib/adapters/db/client'
import { assertSharedSecrets, env } from '../lib/env'
import { startTracing } from '../lib/adapters/observability/tracing'
import { routeConsoleToLogger, runWithLogContext } from '../lib/adapters/log'
import crypto from 'node:crypto'
import { SERVER_DATABASE_KEY } from '../lib/server-marker'
import { answeredMalformedOrigin } from './malformed-origin'
import { answeredMalformedPath } from './malformed-path'
import { seedDemo } from './seed'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function openProcessDatabase(): Promise<Database> {
  if (!env.DATABASE_URL) return getDatabase() // embedded: opened, locked and migrated on first use
  const database = await openDatabase({ url: env.DATABASE_URL, migrate: true })
  setDatabase(database)
  return database
}

async function startWorker(): Promise<(() => Promise<void>) | null> {
  const hostFile = path.join(root, 'lib/services/runs/worker-host.ts')
  if (env.RUN_WORKER === 'off') return (console.log('worker: RUN_WORKER=off, runs wait for `npm run worker`'), null)
  if (!fs.existsSync(hostFile))
    return (console.log('worker: lib/services/runs/worker-host.ts is not there yet; no in-process worker'), null)
  const host = (await import(pathToFileURL(hostFile).href)) as { startInProcessWorker?: () => Promise<unknown> }
  if (typeof host.startInProcessWorker !== 'function')
    return (console.log('worker: worker-host has no startInProcessWorker(); skipped'), null)
  const worker = (await host.startInProcessWorker()) as { stop?: () => Promise<void> } | null
  console.log('worker: started in this process')
  // A clean shutdown hands running runs over at their next attempt boundary (see RunWorker.stop).
  return worker && typeof worker.stop === 'function' ? () => worker.stop!() : null
}

/** How long a client may take to send a request, and how long an idle kept-alive connection stays open. */
export const SERVER_LIMITS = { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 } as const

/** Where to listen: LISTEN_HOST when set, else loopback in development (never the LAN by accident), else every interface. */
export function listenHostname(dev: boolean): string | undefined {
  return env.LISTEN_HOST ?? (dev ? '127.0.0.1' : undefined)
}

/** Opens the database, seeds demo data (embedded only), starts the worker and serves Next on PORT. */
export async function startServer(options: { dev: boolean }): Promise<http.Server> {
  const port = env.PORT
  assertSharedSecrets('The server', ['NEXTAUTH_SECRET', 'SECRETS_KEY'])
  routeConsoleToLogger()
  // Before Next loads, so its request and server-action spans use this provider.
  const stopTracing = startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT, 'reflexion-studio')
  // Auth.js reads NEXTAUTH_URL itself; default it to this server so sign-in works with no configuration.
  process.env.NEXTAUTH_URL ??= `http://localhost:${port}`
  const database = await openProcessDatabase()
  ;(globalThis as Record<symbol, unknown>)[SERVER_DATABASE_KEY] = database
  console.log(
    database.embedded
      ? `database: embedded PostgreSQL (PGlite) in ${path.resolve(env.DATA_DIR)}`
      : 'database: PostgreSQL (DATABASE_URL)',
  )
  // The demo passwords are for the person at the console, printed once and plainly (not a log line).
  if (database.embedded) await seedDemo(database.prisma, (line) => process.stdout.write(`${line}\n`))
  else console.log('demo data: not seeded on a PostgreSQL server (run `npm run db:seed` to add it)')
  const stopWorker = await startWorker()
  void import('../lib/adapters/embedders').then(({ warmOfflineEmbedder }) => warmOfflineEmbedder()).catch(() => {})

  const app = next({ dev: options.dev, dir: root, hostname: 'localhost', port })
  const handle = app.getRequestHandler()
  await app.prepare()
  const trustedProxies = parseTrustedProxies(env.TRUSTED_PROXIES)
  const server = http.createServer(
    {
      // A client that trickles its headers or body is cut off instead of holding a socket for minutes
      // (3,000 slow-header connections stayed open for 80 s); checked every second, not every 30.
      headersTimeout: SERVER_LIMITS.headersTimeoutMs,
      requestTimeout: SERVER_LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    (request, response) => {
      // Overwrite whatever the client sent: the sign-in limits count this address.
      request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(
        request.socket.remoteAddress,
        request.headers['x-forwarded-for'],
        trustedProxies,
      )
      request.headers[REQUEST_PATH_HEADER] = request.url ?? '/' // deep links survive sign-in (callbackUrl)
      if (answeredMalformedPath(request, response)) return // invalid UTF-8 in the path: 404, not a 500
      if (answeredMalformedOrigin(request, response)) return // an empty Origin on a server action: 403, not a 500
      // Every log line of the request carries its id (the proxy's, when it sent one); the session adds tenant and user.
      const given = request.headers['x-request-id']
      const requestId = typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID()
      response.setHeader('X-Request-Id', requestId)
      void runWithLogContext({ requestId }, () => handle(request, response))
    },
  )
  server.maxConnections = env.MAX_CONNECTIONS
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs
  const hostname = listenHostname(options.dev)
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve))
  console.log(
    `Reflexion Studio is ready on http://localhost:${port}${options.dev ? ' (development)' : ''}` +
      ` (listening on ${hostname ?? 'every interface'}; LISTEN_HOST changes it)`,
  )

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: shutting down`)
    server.close()
    await stopWorker?.().catch((error: unknown) => console.error('worker stop failed', error))
    await database.prisma.$disconnect().catch(() => {})
    await database.embedded?.close().catch(() => {})
    await stopTracing?.().catch(() => {})
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  return server
}
