import 'server-only'
import crypto from 'node:crypto'
import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import type { PGlite } from '@electric-sql/pglite'
import { PrismaClient } from '../../generated/prisma/client'
import { env } from '../../env'
import { openEmbeddedDatabase } from './embedded'
import { applyMigrations, migrationAdapterFor } from './schema-engine'

/**
 * The single database handle of this process: PostgreSQL through @prisma/adapter-pg when
 * DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. Cached on globalThis so that
 * the custom server, the worker and Next's bundles share one client (and one PGlite owner).
 */

/** Columns that never leave the data layer unless a query asks for them by name. */
const OMIT = {
  user: { passwordHash: true },
  pendingSignUp: { passwordHash: true },
  providerSecret: { ciphertext: true },
  mcpServer: { headersCiphertext: true },
} as const

/**
 * How long an interactive transaction may wait for a connection (maxWait) and run (timeout). Prisma's
 * own 2 s wait failed submitTask with P2028 while the pool's ten connections were busy for a few
 * seconds (an HNSW index build, a batch of runs): a request should queue, not fail, under load. The
 * same load stretches a transaction's own run past Prisma's 5 s; 15 s still ends a stuck one.
 */
export const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const

function createClient(adapter: PrismaPg | PrismaPGlite) {
  return new PrismaClient({ adapter, omit: OMIT, transactionOptions: TRANSACTION_OPTIONS })
}

/** The Prisma client type of this app (secret columns omitted by default). */
export type Db = ReturnType<typeof createClient>

/** An interactive transaction of the app's Prisma client. */
export type Transaction = Parameters<Extract<Parameters<Db['$transaction']>[0], (...args: never[]) => unknown>>[0]

/** What the process holds: the client, and the embedded database when there is one. */
export type Database = { prisma: Db; embedded: PGlite | null; url: string | null }

const globalKey = Symbol.for('reflexion-studio.database')
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Database> }

/**
 * Settings every PostgreSQL connection of the app starts with, instead of setting them in a
 * transaction around each query that needs them (four round trips for one). pgvector's HNSW scans
 * for recall: iterative, so a filtered search keeps walking the graph until enough rows pass the
 * tenant and user filter (bench/RESULTS.md). A name that no loaded extension defines is kept as a
 * placeholder, so this is harmless on a server without pgvector. `ef_search` 100 is enough for
 * indexes built with `HNSW_EF_CONSTRUCTION` (bench/RESULTS.md). The app needs session-mode
 * connections anyway (pg-boss listens and takes advisory locks).
 * No JIT: the app's queries are short, and the planner's cost of the exact recall of a large scope
 * (which a one-time filter then skips) made PostgreSQL compile it: 70 ms for a 2 ms query.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  'hnsw.iterative_scan': 'relaxed_order',
  'hnsw.ef_search': '100',
  'hnsw.max_scan_tuples': '40000',
  jit: 'off',
}

/**
 * Marks a statement to be prepared once per connection and reused: start its SQL with this. Only
 * for hot statements of a fixed text (a name per distinct text stays on every connection for its
 * life) whose generic plan is as good as a custom one: after five runs PostgreSQL may keep a generic
 * plan. Parsing a recall's 1,536-number vector and planning it cost as much as the scan (bench/RESULTS.md).
 */
export const PREPARED = '/* prepared */ '

/** The name a PREPARED statement is kept under on each connection; undefined for any other statement. */
export function preparedStatementName(sql: string): string | undefined {
  if (!sql.startsWith(PREPARED)) return undefined
  return `s_${crypto.createHash('sha256').update(sql).digest('hex').slice(0, 24)}`
}

// pg sends an unnamed statement (parsed and planned each time) when the name is undefined.
const statementName = (query: { sql: string }) => preparedStatementName(query.sql) as string

/** The connection pool under each PostgreSQL client of the app (its connections start with SESSION_SETTINGS). */
const pools = new WeakMap<object, pg.Pool>()

/**
 * The pool under an app client, for the one hot query that skips Prisma: lesson recall, where
 * Prisma's raw-query path cost 1.2 ms of a 2.5 ms recall at p50 and more at p95 (bench/RESULTS.md).
 * Undefined for a transaction or the embedded database: use the client itself there.
 */
export function directPool(client: object): pg.Pool | undefined {
  return pools.get(client)
}

function postgresClient(url: string): Db {
  const settings = Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `SET ${name} = '${value}'`)
    .join('; ')
  // Run on each new connection before the pool hands it out (a failure fails that checkout).
  const pool = new pg.Pool({ connectionString: url, max: 10, onConnect: (client) => client.query(settings) })
  const prisma = createClient(new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: statementName }))
  pools.set(prisma, pool)
  return prisma
}

/** Opens a database for a URL, or the embedded one for a data folder; migrates when asked. */
export async function openDatabase(options: { url?: string; dataDir?: string; migrate?: boolean }): Promise<Database> {
  if (options.url) {
    if (options.migrate) await applyMigrations(await migrationAdapterFor(options.url))
    return { prisma: postgresClient(options.url), embedded: null, url: options.url }
  }
  return databaseOn(await openEmbeddedDatabase(path.resolve(options.dataDir ?? env.DATA_DIR)), !!options.migrate)
}

/** A database over an already-open PGlite (e.g. a throwaway in-memory one), migrated when asked. */
export async function databaseOn(pg: PGlite, migrate: boolean): Promise<Database> {
  const adapter = new PrismaPGlite(pg)
  if (migrate) await applyMigrations(adapter)
  return { prisma: createClient(adapter), embedded: pg, url: null }
}

/** The process-wide database, opened (and, for the embedded one, migrated) on first use. */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as GlobalWithDb
  holder[globalKey] ??= openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: !env.DATABASE_URL })
  return holder[globalKey]
}

/** Installs an already-open database as the process-wide one (the server and tests do this first). */
export function setDatabase(database: Database): void {
  ;(globalThis as GlobalWithDb)[globalKey] = Promise.resolve(database)
}

/** The process-wide Prisma client. */
export async function getPrisma(): Promise<Db> {
  return (await getDatabase()).prisma
}
