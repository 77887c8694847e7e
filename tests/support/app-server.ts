// The built app served by `tsx server.ts` (production mode) on a fresh PostgreSQL database that the
// test process shares: fixtures are written with the same lib/ services, and pages and route
// handlers are asked over HTTP. The secrets are known to the test, so it can forge session tokens.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, setDatabase, type Database } from '../../lib/adapters/db/client'
import { REPOSITORY_ROOT } from './app-discovery'
import { adminQuery, freePort } from './local-services'

/** A running app server and the database it shares with the test. */
export type AppServer = {
  baseUrl: string
  secret: string
  database: Database
  output: () => string
  stop: () => Promise<void>
}

const LOCAL = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

/**
 * Starts the app (already built by the e2e global setup) on a new database of the local
 * PostgreSQL (TEST_DATABASE_URL or postgres@127.0.0.1), with `publicUrl` as NEXTAUTH_URL
 * (default: its own http URL). The server migrates it; then it becomes this process's database.
 */
export async function startAppServer(
  options: { port?: number; publicUrl?: (port: number) => string; env?: (port: number) => Record<string, string> } = {},
): Promise<AppServer> {
  const server = new URL(process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres')
  if (!LOCAL.has(server.hostname))
    throw new Error(`TEST_DATABASE_URL must point at this machine, not ${server.hostname}`)
  const name = `reflexion_e2e_${crypto.randomBytes(6).toString('hex')}`
  await adminQuery(server, `CREATE DATABASE ${name}`)
  const databaseUrl = new URL(server)
  databaseUrl.pathname = `/${name}`

  const port = options.port ?? (await freePort())
  const baseUrl = `http://127.0.0.1:${port}`
  const secret = crypto.randomBytes(32).toString('base64url')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-e2e-security-'))
  const child = spawn(path.join(REPOSITORY_ROOT, 'node_modules/.bin/tsx'), ['server.ts'], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      NEXTAUTH_SECRET: secret,
      SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
      PORT: String(port),
      DATA_DIR: dataDir,
      NEXTAUTH_URL: options.publicUrl?.(port) ?? baseUrl,
      RUN_WORKER: 'off',
      OPENAI_API_KEY: '',
      ANTHROPIC_API_KEY: '',
      COMPATIBLE_BASE_URL: '',
      COMPATIBLE_API_KEY: '',
      DEFAULT_MODEL: '',
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env?.(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const opened: { database?: Database } = {}
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await Promise.race([
        new Promise((resolve) => child.once('exit', resolve)),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    await opened.database?.prisma.$disconnect().catch(() => {})
    await adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the server exited (${child.exitCode}):\n${output}`)
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the server did not become healthy in 120 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  // The server migrated the database at its start (one migration per process keeps the schema engine happy).
  const database = (opened.database = await openDatabase({ url: databaseUrl.toString() }))
  setDatabase(database)
  return { baseUrl, secret, database, output: () => output, stop }
}

/** Cookies kept between requests, as a browser would (name → value). */
export class CookieJar {
  readonly cookies = new Map<string, string>()

  /** Stores every Set-Cookie of a response (an empty value or Max-Age=0 deletes). */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** The Cookie header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

/** Signs in through Auth.js's credentials endpoint; returns the response of the callback and the jar. */
export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password: string,
  jar = new CookieJar(),
): Promise<{ response: Response; jar: CookieJar }> {
  const csrfResponse = await fetch(`${baseUrl}/api/auth/csrf`, { headers: { cookie: jar.header() } })
  jar.take(csrfResponse)
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/`, json: 'true' }),
  })
  jar.take(response)
  return { response, jar }
}

/** The session cookie's name in a jar (plain or __Secure- prefixed), if any. */
export function sessionCookieName(jar: CookieJar): string | undefined {
  return [...jar.cookies.keys()].find((name) => name.endsWith('next-auth.session-token'))
}
