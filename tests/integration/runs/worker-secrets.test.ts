// `npm run worker` on PostgreSQL without SECRETS_KEY used to generate its own key, so every run using a
// stored provider key failed with "unable to authenticate data". It must refuse to start instead.
import { spawn } from 'node:child_process'
import { describe, expect, inject, it } from 'vitest'
import { assertSharedSecrets, parseEnv } from '../../../lib/env'

describe('processes sharing PostgreSQL need their secrets', () => {
  it('the rule: required with DATABASE_URL, whatever NODE_ENV; not on the embedded database', () => {
    const shared = parseEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1/x', NODE_ENV: 'development' })
    expect(() => assertSharedSecrets('npm run worker', ['SECRETS_KEY'], shared)).toThrow(/SECRETS_KEY must be set/)
    expect(() => assertSharedSecrets('The server', ['NEXTAUTH_SECRET', 'SECRETS_KEY'], shared)).toThrow(
      /NEXTAUTH_SECRET and SECRETS_KEY/,
    )
    const embedded = parseEnv({ NODE_ENV: 'development' })
    expect(() => assertSharedSecrets('npm run worker', ['SECRETS_KEY'], embedded)).not.toThrow()
  })

  it('npm run worker without SECRETS_KEY exits with the reason instead of generating a key', async () => {
    const databaseUrl = inject('databaseUrl')
    if (!databaseUrl) return
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: databaseUrl, SECRETS_KEY: '', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(2)
    expect(output).toMatch(/SECRETS_KEY must be set/)
    expect(output).not.toMatch(/executing runs/)
  })
})
