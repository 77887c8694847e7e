import 'server-only'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'

/**
 * The embedded PostgreSQL (PGlite, with pgvector) kept in a data folder. Two processes opening
 * the same folder silently lose writes, so exactly one process owns it: a lock file holds the
 * owner's pid, and a second opener is refused with a clear message.
 */

/** Raised when another live process already owns the data folder. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Only one process may open it (two would silently lose writes): stop that process, or set DATABASE_URL to use a PostgreSQL server.',
    )
    this.name = 'DataDirLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the data folder's lock for this process, or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'owner.lock')
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(lockPath, 'utf8'))
      if (owner === process.pid) break
      if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner)
      fs.rmSync(lockPath, { force: true }) // stale lock of a dead process
    }
  }
  const release = () => {
    try {
      if (Number(fs.readFileSync(lockPath, 'utf8')) === process.pid) fs.rmSync(lockPath, { force: true })
    } catch {}
  }
  process.once('exit', release)
  return release
}

/** Opens (creating if needed) the embedded database in `dataDir`, after taking its lock. */
export async function openEmbeddedDatabase(dataDir: string): Promise<PGlite> {
  const release = lockDataDir(dataDir)
  try {
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pg'), extensions: { vector } })
    await db.exec('CREATE EXTENSION IF NOT EXISTS vector')
    return db
  } catch (error) {
    release()
    throw error
  }
}

/** An in-memory PGlite with pgvector, for shadow databases and tests. */
export async function openMemoryDatabase(): Promise<PGlite> {
  const db = await PGlite.create({ extensions: { vector } })
  await db.exec('CREATE EXTENSION IF NOT EXISTS vector')
  return db
}
