// SSRF through a tenant's provider base URL: every spelling of loopback, private and metadata targets
// is refused when the key is saved (a field error, nothing stored) and again when a run uses it (a row
// that got past the form, a redirect from an allowed server): the canary on 127.0.0.1 never sees a request.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAction } from '../../../lib/boundary/actions/define'
import { saveProviderKeyForm } from '../../../lib/services/admin/settings-forms'
import { getPrisma } from '../../../lib/adapters/db/client'
import { encryptSecret } from '../../../lib/adapters/models/crypto'
import { ModelConfigError } from '../../../lib/adapters/models/model-config-error'
import { secretsKey, tenantSecrets } from '../../../lib/adapters/models/tenant-secrets'
import { resolveRunModel } from '../../../lib/services/runs/run-models'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { allowOutbound, createTenantWithUsers, type TestTenant } from '../helpers'
import { startTestWorker, waitForRun } from '../runs/run-helpers'

const apiKey = 'sk-canary-key-0123456789'
let canary: { server: Server; port: number; hits: string[] }
let bouncer: { server: Server; url: string }
let tenant: TestTenant
let worker: RunWorker

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

beforeAll(async () => {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`)
    response.end('{}')
  })
  canary = { server, port: await listen(server), hits }
  const bouncing = createServer((request, response) => {
    response.writeHead(307, { location: `http://127.0.0.1:${canary.port}${request.url}` })
    response.end()
  })
  bouncer = { server: bouncing, url: `http://127.0.0.1:${await listen(bouncing)}/v1` }
  tenant = await createTenantWithUsers()
  worker = await startTestWorker()
})

afterAll(async () => {
  await worker.stop()
  canary.server.close()
  bouncer.server.close()
})

function targets(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/v1`,
    `http://localhost:${port}/v1`,
    `http://LOCALHOST.:${port}/v1`,
    `http://127.1:${port}/v1`,
    `http://0x7f.1:${port}/v1`,
    `http://0x7f000001:${port}/v1`,
    `http://2130706433:${port}/v1`,
    `http://017700000001:${port}/v1`,
    `http://0.0.0.0:${port}/v1`,
    `http://0:${port}/v1`,
    `http://[::1]:${port}/v1`,
    `http://[::ffff:127.0.0.1]:${port}/v1`,
    `http://[::ffff:7f00:1]:${port}/v1`,
    `http://[::127.0.0.1]:${port}/v1`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/v1',
    'http://172.16.0.1/v1',
    'http://192.168.1.1/v1',
    'http://[fe80::1]/v1',
    'http://[fc00::1]/v1',
    'http://[64:ff9b::7f00:1]/v1',
    'http://[2002:7f00:1::1]/v1',
    `http://user:password@127.0.0.1:${port}/v1`,
  ]
}

describe('provider base URL SSRF', () => {
  it('refuses every target at save time with a field error under the base URL, storing nothing', async () => {
    const prisma = await getPrisma()
    for (const baseUrl of targets(canary.port)) {
      for (const provider of ['compatible', 'openai']) {
        const result = await runAction(saveProviderKeyForm, { provider, apiKey, baseUrl }, tenant.admin.caller)
        expect(result.ok, `${provider} ${baseUrl}`).toBe(false)
        if (!result.ok) {
          expect(result.fieldErrors?.baseUrl?.join(' '), baseUrl).toMatch(/public internet address|user name|not valid/)
          expect(result.fieldErrors?.baseUrl?.join(' ')).not.toMatch(/ECONN|ENOTFOUND|127\.0\.0\.1|169\.254/)
        }
      }
    }
    expect(await prisma.providerSecret.count({ where: { tenantId: tenant.id } })).toBe(0)
    expect(canary.hits).toEqual([])
  })

  it('refuses a stored target again at use and at submit: the key is never sent', async () => {
    const prisma = await getPrisma()
    const ciphertext = encryptSecret(secretsKey(), apiKey)
    for (const baseUrl of [`http://127.0.0.1:${canary.port}/v1`, `http://0x7f.1:${canary.port}/v1`]) {
      // As if it was saved while allowed (or its DNS changed since): the form check is not the only line.
      await prisma.providerSecret.upsert({
        where: { tenantId_provider: { tenantId: tenant.id, provider: 'compatible' } },
        create: {
          tenantId: tenant.id,
          provider: 'compatible',
          createdById: tenant.admin.id,
          ciphertext,
          lastFour: '6789',
          baseUrl,
        },
        update: { baseUrl },
      })
      await expect(resolveRunModel('compatible:x', tenantSecrets(prisma, tenant.id))).rejects.toBeInstanceOf(
        ModelConfigError,
      )
      // The worker resolves models with resolveRunModel (above); submitting refuses the task up front.
      await expect(
        submitTaskDraft(tenant.member.caller, {
          prompt: 'Plan a walk.',
          models: { agent: 'compatible:x' },
          reflexion: { maxAttempts: 1 },
        }),
      ).rejects.toThrow(/provider is not configured/)
    }
    expect(canary.hits).toEqual([])
  })

  it('does not follow an allowed server that redirects to a refused address', async () => {
    const disallow = allowOutbound(bouncer.url)
    try {
      const saved = await runAction(
        saveProviderKeyForm,
        { provider: 'compatible', apiKey, baseUrl: bouncer.url },
        tenant.admin.caller,
      )
      expect(saved.ok).toBe(true)
      const { runId } = await submitTaskDraft(tenant.member.caller, {
        prompt: 'Plan a walk.',
        models: { agent: 'compatible:x' },
        reflexion: { maxAttempts: 1 },
      })
      const run = await waitForRun(runId)
      expect(run.status).not.toBe('succeeded')
      expect(canary.hits).toEqual([])
    } finally {
      disallow()
    }
  })
})
