// A private, throwaway PostgreSQL 15 cluster for tests that must restart the server (the machine's
// shared server is never restarted: other helpers and CI use it). initdb refuses to run as root, so
// as root every cluster command runs as the `postgres` user through runuser.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './local-services'

const run = promisify(execFile)

/** Where Debian installs the PostgreSQL 15 server binaries. */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin'

/** A running private cluster: its superuser URL per database, and how to restart and remove it. */
export type PrivatePostgres = {
  port: number
  directory: string
  /** URL of a database on this cluster (superuser `postgres`, trust auth, TCP on 127.0.0.1). */
  urlFor(database: string): string
  createDatabase(name: string): Promise<string>
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  start(): Promise<void>
  /** Stops the server (if running) and deletes its folder; safe to call twice. */
  destroy(): Promise<void>
  /** The server log so far (for failure messages). */
  log(): string
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** Runs a server binary, as the postgres user when this process is root. */
async function serverCommand(binary: string, args: string[]): Promise<string> {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, binary), ...args]]
    : [path.join(POSTGRES_BIN, binary), args]
  const { stdout, stderr } = await run(command, commandArgs, { timeout: 60_000 })
  return `${stdout}${stderr}`
}

/** Why a private cluster cannot run on this machine, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!fs.existsSync(path.join(POSTGRES_BIN, 'initdb'))) return `no PostgreSQL 15 server binaries at ${POSTGRES_BIN}`
  if (asRoot) {
    try {
      fs.accessSync('/usr/sbin/runuser')
    } catch {
      return 'running as root without runuser to drop to the postgres user (initdb refuses root)'
    }
  }
  return null
}

/** Starts a fresh private cluster on a free port in a temporary folder (initdb + pg_ctl start). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-private-pg-'))
  const dataDir = path.join(directory, 'data')
  const logFile = path.join(directory, 'server.log')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    fs.chownSync(directory, Number(stdout.trim()), Number(group.trim()))
  }
  const port = await freePort()
  let running = false
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`
  const cluster: PrivatePostgres = {
    port,
    directory,
    urlFor: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: cluster.urlFor('postgres') })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return cluster.urlFor(name)
    },
    async start() {
      await serverCommand('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])
      running = true
    },
    async stop(mode = 'fast') {
      await serverCommand('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop'])
      running = false
    },
    async restart() {
      await serverCommand('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        logFile,
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'restart',
      ])
      running = true
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => undefined)
      fs.rmSync(directory, { recursive: true, force: true })
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  }
  try {
    await serverCommand('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
    await cluster.start()
  } catch (error) {
    await cluster.destroy()
    throw error
  }
  return cluster
}
