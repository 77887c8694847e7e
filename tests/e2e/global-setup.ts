// End-to-end setup: build the app once if needed, start `tsx server.ts` on a free port with a fresh
// embedded database (no model provider configured), wait for /api/health, capture the demo
// passwords it prints once, and hand the base URL and credentials to the tests.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildIfNeeded } from '../../scripts/build-if-needed'
import type { DemoUser, E2eConfig } from './helpers/config'
import { freePort } from '../support/local-services'

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eConfig
  }
}

const root = path.resolve(import.meta.dirname, '../..')

/** Demo users from the server's first-start output: `  <role> <email> <password>`. */
export function parseDemoUsers(output: string): DemoUser[] {
  return [...output.matchAll(/^ {2}(admin|member|support)\s+(\S+@demo\.test)\s+(\S+)\s*$/gm)].map(
    ([, role, email, password]) => ({
      role: role as DemoUser['role'],
      email: email as string,
      password: password as string,
    }),
  )
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`)
    try {
      const response = await fetch(`${baseUrl}/api/health`)
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not become healthy in 120 s:\n${output()}`)
}

export default async function setup(project: TestProject) {
  await buildIfNeeded(root, (line) => console.log(`e2e: ${line}`))
  const port = await freePort()
  // The port of the MCP server tests/e2e/tools.test.ts starts: the one loopback address the outbound
  // guard lets the app reach, as an operator's OUTBOUND_ALLOW would for a tool server on its own network.
  const toolServerPort = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  const blank = {
    DATABASE_URL: '',
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    COMPATIBLE_BASE_URL: '',
    COMPATIBLE_API_KEY: '',
    DEFAULT_MODEL: '',
    NEXTAUTH_SECRET: '',
    // No mail server: sign-up mails stay in the outbox, where the tests read them at /dev/mail.
    SMTP_URL: '',
    SIGNUP: '',
  }
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...blank,
      PORT: String(port),
      DATA_DIR: dataDir,
      NEXTAUTH_URL: baseUrl,
      NEXT_TELEMETRY_DISABLED: '1',
      // Every browser of the suite signs up from 127.0.0.1.
      SIGNUP_LIMIT_PER_HOUR: '100000',
      OUTBOUND_ALLOW: `127.0.0.1:${toolServerPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 100))
      await Promise.race([
        new Promise((resolve) => child.once('exit', resolve)),
        new Promise((resolve) => setTimeout(resolve, 5000)),
      ])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseUrl, child, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  const demoUsers = parseDemoUsers(output)
  if (demoUsers.length !== 4) {
    await stop()
    throw new Error(`expected 4 demo users in the server output, found ${demoUsers.length}:\n${output}`)
  }
  console.log(`e2e: server on ${baseUrl} (data in ${dataDir})`)
  const demoApiKey = output.match(/^ {2}(rsk_\S+)\s*$/m)?.[1] ?? null
  project.provide('e2e', { baseUrl, demoUsers, demoApiKey, toolServerPort })
  return stop
}
