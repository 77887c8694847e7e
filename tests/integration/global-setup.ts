// Integration tests run against a fresh database: `reflexion_test_<random>` created on the local
// PostgreSQL of TEST_DATABASE_URL (never a remote host), migrated, and dropped at the end. With no
// PostgreSQL reachable they run on PGlite instead: a migrated template folder that each test file copies.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import type { TestProject } from 'vitest/node'
import { openEmbeddedDatabase } from '../../lib/adapters/db/embedded'
import { applyMigrations, migrationAdapterFor } from '../../lib/adapters/db/schema-engine'
import { env } from '../../lib/env'
import { adminQuery } from '../support/local-services'

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of this run's PostgreSQL test database, or null on the PGlite fallback. */
    databaseUrl: string | null
    /** A migrated PGlite data folder to copy, or null on PostgreSQL. */
    pgliteTemplateDir: string | null
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', ''])

/** The server URL, refusing anything that is not on this machine. */
export function localServerUrl(raw: string): URL {
  const url = new URL(raw)
  if (!LOCAL_HOSTS.has(url.hostname))
    throw new Error(
      `TEST_DATABASE_URL must point at this machine, not ${url.hostname}: tests create and drop databases.`,
    )
  return url
}

async function reachable(url: URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export default async function setup(project: TestProject) {
  const server = localServerUrl(env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres')
  if (await reachable(server)) {
    const name = `reflexion_test_${crypto.randomBytes(6).toString('hex')}`
    await adminQuery(server, `CREATE DATABASE ${name}`)
    const url = new URL(server)
    url.pathname = `/${name}`
    await applyMigrations(await migrationAdapterFor(url.toString()))
    console.log(`integration: PostgreSQL database ${name} on ${server.host}`)
    project.provide('databaseUrl', url.toString())
    project.provide('pgliteTemplateDir', null)
    return async () => {
      await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  }
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-test-template-'))
  const database = await openEmbeddedDatabase(template)
  await applyMigrations(new PrismaPGlite(database))
  await database.close()
  fs.rmSync(path.join(template, 'owner.lock'), { force: true })
  console.log(`integration: no PostgreSQL reachable at ${server.host}; running on PGlite (template ${template})`)
  project.provide('databaseUrl', null)
  project.provide('pgliteTemplateDir', template)
  return () => fs.rmSync(template, { recursive: true, force: true })
}
