// The admin area: the shared-lesson library, effect, settings (provider keys, default model,
// redaction, quotas) and the audit log. Bad input writes nothing; members and support get 404s.
import { beforeAll, describe, expect, it } from 'vitest'
import { runAction, type ActionDefinition } from '../../../lib/boundary/actions/define'
import { searchAuditLog } from '../../../lib/services/admin/audit-search'
import { listMemberQuotas } from '../../../lib/services/admin/member-quotas'
import {
  memberQuotaForm,
  modelSettingsForm,
  removeProviderKeyForm,
  saveProviderKeyForm,
  tenantQuotaForm,
} from '../../../lib/services/admin/settings-forms'
import { getTenantSettings } from '../../../lib/services/admin/tenant-settings'
import type { Caller } from '../../../lib/services/auth/caller'
import {
  createSharedLessonForm,
  restoreSharedLessonForm,
  retireSharedLessonForm,
  updateSharedLessonForm,
} from '../../../lib/services/curation/shared-lesson-forms'
import { getPrisma } from '../../../lib/adapters/db/client'
import { AppError } from '../../../lib/errors'
import { sharedLessonEffect } from '../../../lib/services/lessons/lesson-outcomes'
import { listSharedLessons } from '../../../lib/services/lessons/shared-lessons'
import { listProviderKeys } from '../../../lib/services/admin/provider-keys'
import { tenantRedaction } from '../../../lib/services/support/tenant-redaction'
import { createTenantWithUsers, type TestTenant } from '../helpers'
import { formData, lessonCounts, lessonRow } from './lesson-test-helpers'

let tenant: TestTenant
let otherTenant: TestTenant
beforeAll(async () => {
  tenant = await createTenantWithUsers()
  otherTenant = await createTenantWithUsers()
})

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)

async function expectRefused(
  definition: ActionDefinition<never, unknown>,
  input: unknown,
  caller: Caller,
  field: string,
  message: RegExp,
) {
  const before = await lessonCounts([tenant.id, otherTenant.id])
  const result = await runAction(definition, input, caller)
  expect(result.ok, JSON.stringify(input).slice(0, 80)).toBe(false)
  if (!result.ok)
    expect(result.fieldErrors?.[field]?.join(' ') ?? result.error, JSON.stringify(input).slice(0, 80)).toMatch(message)
  expect(await lessonCounts([tenant.id, otherTenant.id])).toEqual(before)
}

async function audits(action: string, targetId?: string) {
  const prisma = await getPrisma()
  return prisma.auditLog.findMany({
    where: { tenantId: tenant.id, action, ...(targetId ? { targetId } : {}) },
    orderBy: { id: 'asc' },
  })
}

describe('shared-lesson library', () => {
  it('refuses bad input field by field, writing nothing', async () => {
    const valid = {
      content: 'Quote prices in the currency of the destination.',
      tags: 'travel',
      taskKey: 'travel.budget',
      expiresAt: '',
    }
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...valid, content: '' }, 'content', /at least 3/],
      [{ ...valid, content: 'y'.repeat(281) }, 'content', /at most 280/],
      [{ ...valid, content: 'big '.repeat(260_000) }, 'content', /at most 280/],
      [{ ...valid, tags: 'ok, #bad!' }, 'tags', /A tag starts with a letter or digit/],
      [{ ...valid, tags: Array.from({ length: 11 }, (_, index) => `t${index}`).join(',') }, 'tags', /at most 10 tags/],
      [{ ...valid, taskKey: 'has spaces!' }, 'taskKey', /letters, digits/],
      [{ ...valid, taskKey: 'k'.repeat(81) }, 'taskKey', /at most 80/],
      [{ ...valid, expiresAt: '31/01/2030' }, 'expiresAt', /like 2030-01-31/],
      [{ ...valid, expiresAt: '2001-01-01' }, 'expiresAt', /after today/],
    ]
    for (const [input, field, message] of cases)
      await expectRefused(
        createSharedLessonForm as never,
        formData(Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)]))),
        tenant.admin.caller,
        field,
        message,
      )
    await expectRefused(
      createSharedLessonForm as never,
      { ...valid, content: 7 },
      tenant.admin.caller,
      'content',
      /as text/,
    )
    await expectRefused(
      createSharedLessonForm as never,
      { ...valid, tags: 5 },
      tenant.admin.caller,
      'tags',
      /separated by commas/,
    )
    await expectRefused(
      createSharedLessonForm as never,
      { ...valid, taskKey: 5 },
      tenant.admin.caller,
      'taskKey',
      /as text/,
    )
  })

  it('members and support cannot curate (404-style), in their tenant or another', async () => {
    const before = await lessonCounts([tenant.id, otherTenant.id])
    const input = { content: 'Members may not write shared lessons.', lessonId: 'x' }
    for (const caller of [tenant.member.caller, tenant.support.caller]) {
      for (const definition of [
        createSharedLessonForm,
        updateSharedLessonForm,
        retireSharedLessonForm,
        restoreSharedLessonForm,
      ] as ActionDefinition<never, unknown>[]) {
        expect(await runAction(definition, input, caller)).toEqual({ ok: false, error: 'Not found' })
      }
      await expect(sharedLessonEffect(caller)).rejects.toSatisfy(
        (error) => error instanceof AppError && error.code === 'not_found',
      )
    }
    expect(await lessonCounts([tenant.id, otherTenant.id])).toEqual(before)
  })

  it('creates, edits (re-embedded), retires and restores, each audited; another tenant admin cannot touch it', async () => {
    const created = await runAction(
      createSharedLessonForm,
      formData({
        content: 'Give walking times between stops.',
        tags: 'Travel, walking, travel',
        taskKey: 'travel.walking-tour',
        expiresAt: tomorrow(),
      }),
      tenant.admin.caller,
    )
    expect(created.ok).toBe(true)
    const lessonId = created.ok ? created.data.id : ''
    expect(await lessonRow(lessonId)).toMatchObject({
      tags: ['travel', 'walking'],
      taskKey: 'travel.walking-tour',
      status: 'active',
      expiresAt: new Date(`${tomorrow()}T00:00:00Z`),
    })
    const prisma = await getPrisma()
    const embedding = async () =>
      (
        await prisma.$queryRawUnsafe<{ e: string }[]>(
          `SELECT embedding::text AS e FROM lessons WHERE id = $1`,
          lessonId,
        )
      )[0].e
    const first = await embedding()
    expect(
      await runAction(
        updateSharedLessonForm,
        {
          lessonId,
          content: 'Give walking times in minutes between stops.',
          tags: 'walking',
          taskKey: '',
          expiresAt: '',
        },
        tenant.admin.caller,
      ),
    ).toMatchObject({ ok: true })
    expect(await lessonRow(lessonId)).toMatchObject({
      content: 'Give walking times in minutes between stops.',
      tags: ['walking'],
      taskKey: null,
      expiresAt: null,
    })
    expect(await embedding()).not.toEqual(first)
    const before = await lessonCounts([tenant.id, otherTenant.id])
    for (const definition of [updateSharedLessonForm, retireSharedLessonForm] as ActionDefinition<never, unknown>[]) {
      expect(
        await runAction(definition, { lessonId, content: 'Other tenant rewrite.' }, otherTenant.admin.caller),
      ).toEqual({ ok: false, error: 'Not found' })
    }
    expect(await lessonCounts([tenant.id, otherTenant.id])).toEqual(before)
    expect(await runAction(retireSharedLessonForm, { lessonId }, tenant.admin.caller)).toEqual({
      ok: true,
      data: undefined,
    })
    expect((await listSharedLessons(tenant.member.caller)).map((lesson) => lesson.id)).not.toContain(lessonId)
    expect(await runAction(restoreSharedLessonForm, { lessonId }, tenant.admin.caller)).toEqual({
      ok: true,
      data: undefined,
    })
    expect(await runAction(restoreSharedLessonForm, { lessonId }, tenant.admin.caller)).toMatchObject({
      ok: false,
      error: /already active/,
    })
    expect((await listSharedLessons(tenant.member.caller)).map((lesson) => lesson.id)).toContain(lessonId)
    for (const action of [
      'lesson.shared_created',
      'lesson.shared_updated',
      'lesson.shared_retired',
      'lesson.shared_restored',
    ])
      expect(await audits(action, lessonId), action).toHaveLength(1)
    const [update] = await audits('lesson.shared_updated', lessonId)
    expect(update.actorId).toBe(tenant.admin.id)
    expect(update.details).toMatchObject({
      before: { content: 'Give walking times between stops.' },
      after: { content: 'Give walking times in minutes between stops.' },
    })
  })
})

describe('effect', () => {
  it('compares recalling runs with comparable runs (same tenant, same evaluator kind, after the lesson) and flags a worse lesson', async () => {
    const own = await createTenantWithUsers({ roles: ['admin', 'member'] })
    const created = await runAction(
      createSharedLessonForm,
      { content: 'Answer in exactly one word.' },
      own.admin.caller,
    )
    const lessonId = created.ok ? created.data.id : ''
    const prisma = await getPrisma()
    const run = (
      status: 'succeeded' | 'failed' | 'cancelled',
      kind: string,
      attempts: number,
      tenantId = own.id,
      userId = own.member.id,
    ) =>
      prisma.run.create({
        data: {
          tenantId,
          userId,
          title: 't',
          prompt: 'p',
          config: { evaluator: { kind } },
          model: 'demo',
          status,
          attemptsUsed: attempts,
          maxAttempts: 3,
          threshold: 0.8,
        },
      })
    const recalling = [
      await run('failed', 'exact', 3),
      await run('failed', 'exact', 3),
      await run('succeeded', 'exact', 2),
      await run('cancelled', 'exact', 1),
    ]
    for (const recalled of recalling)
      await prisma.lessonRecall.create({ data: { tenantId: own.id, lessonId, runId: recalled.id, attempt: 1 } })
    for (const status of ['succeeded', 'succeeded', 'succeeded', 'failed'] as const) await run(status, 'exact', 1)
    await run('failed', 'llm', 3) // another evaluator kind: not comparable
    await run('failed', 'exact', 3, otherTenant.id, otherTenant.member.id) // another tenant: never counted
    const [effect] = (await sharedLessonEffect(own.admin.caller)).filter((row) => row.lessonId === lessonId)
    expect(effect.evaluatorKinds).toEqual(['exact'])
    expect(effect.recalling).toEqual({ runs: 3, passRate: 1 / 3, meanAttempts: 8 / 3 })
    expect(effect.comparable).toEqual({ runs: 4, passRate: 0.75, meanAttempts: 1 })
    expect(effect.worse).toBe(true)
    expect(await sharedLessonEffect(otherTenant.admin.caller)).not.toContainEqual(expect.objectContaining({ lessonId }))
  })
})

describe('settings', () => {
  it('saves a provider key encrypted, returns only the last four, replaces and removes it, audited without the key', async () => {
    const apiKey = 'sk-test-0123456789abcdefSECRET9876'
    const before = await lessonCounts([tenant.id, otherTenant.id])
    for (const [input, field, message] of [
      [{ provider: 'openai', apiKey: 'short' }, 'apiKey', /too short/],
      [{ provider: 'openai', apiKey: 'k'.repeat(501) }, 'apiKey', /too long/],
      [{ provider: 'mistral', apiKey }, 'provider', /openai, anthropic or compatible/],
      [{ provider: 'compatible', apiKey }, 'baseUrl', /needs its base URL/],
      [{ provider: 'compatible', apiKey, baseUrl: 'ftp://x' }, 'baseUrl', /http\(s\) URL/],
      [{ provider: 'openai', apiKey: 12345678901 }, 'apiKey', /Paste the API key/],
    ] as const)
      await expectRefused(saveProviderKeyForm as never, input, tenant.admin.caller, field, message)
    for (const caller of [tenant.member.caller, tenant.support.caller])
      expect(await runAction(saveProviderKeyForm, { provider: 'openai', apiKey }, caller)).toEqual({
        ok: false,
        error: 'Not found',
      })
    expect(await lessonCounts([tenant.id, otherTenant.id])).toEqual(before)

    const saved = await runAction(
      saveProviderKeyForm,
      formData({ provider: 'openai', apiKey, baseUrl: '' }),
      tenant.admin.caller,
    )
    expect(saved).toEqual({ ok: true, data: { provider: 'openai', lastFour: '9876' } })
    const listed = await listProviderKeys(tenant.admin.caller)
    expect(listed).toEqual([{ provider: 'openai', baseUrl: null, lastFour: '9876', updatedAt: expect.any(Date) }])
    expect(JSON.stringify(listed)).not.toContain('SECRET')
    const prisma = await getPrisma()
    const row = await prisma.providerSecret.findFirstOrThrow({
      where: { tenantId: tenant.id },
      omit: { ciphertext: false },
    })
    expect(row.ciphertext).not.toContain('SECRET')
    expect(
      await runAction(
        saveProviderKeyForm,
        { provider: 'openai', apiKey: 'sk-replacement-key-00001111' },
        tenant.admin.caller,
      ),
    ).toEqual({ ok: true, data: { provider: 'openai', lastFour: '1111' } })
    expect(await runAction(removeProviderKeyForm, { provider: 'openai' }, tenant.member.caller)).toEqual({
      ok: false,
      error: 'Not found',
    })
    expect(await runAction(removeProviderKeyForm, { provider: 'openai' }, tenant.admin.caller)).toEqual({
      ok: true,
      data: undefined,
    })
    expect(await listProviderKeys(tenant.admin.caller)).toEqual([])
    expect(await runAction(removeProviderKeyForm, { provider: 'openai' }, tenant.admin.caller)).toMatchObject({
      ok: false,
      error: /No key is stored/,
    })
    const entries = await prisma.auditLog.findMany({
      where: { tenantId: tenant.id, action: { startsWith: 'provider_key.' } },
    })
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'provider_key.removed',
      'provider_key.saved',
      'provider_key.saved',
    ])
    expect(JSON.stringify(entries.map((entry) => entry.details))).not.toMatch(/SECRET|replacement-key/)
  })

  it('default model and support redaction: validated, stored under the keys lib/services/runs and lib/services/support read, audited', async () => {
    await expectRefused(
      modelSettingsForm as never,
      { defaultModel: 'gpt-4' },
      tenant.admin.caller,
      'defaultModel',
      /openai:<model>/,
    )
    expect(await runAction(modelSettingsForm, { defaultModel: 'openai:gpt-4.1-mini' }, tenant.support.caller)).toEqual({
      ok: false,
      error: 'Not found',
    })
    expect(
      await runAction(modelSettingsForm, formData({ defaultModel: 'openai:gpt-4.1-mini' }), tenant.admin.caller),
    ).toEqual({ ok: true, data: undefined })
    expect(await getTenantSettings(tenant.admin.caller)).toMatchObject({
      defaultModel: 'openai:gpt-4.1-mini',
      supportRedactEmails: false,
    })
    const prisma = await getPrisma()
    const { settings } = await prisma.tenant.findUniqueOrThrow({ where: { id: tenant.id } })
    expect(tenantRedaction(settings)).toEqual({ emails: false, phones: true })
    expect(
      await runAction(
        modelSettingsForm,
        formData({ defaultModel: '', supportRedactEmails: 'on' }),
        tenant.admin.caller,
      ),
    ).toEqual({ ok: true, data: undefined })
    expect(await getTenantSettings(tenant.admin.caller)).toMatchObject({
      defaultModel: null,
      supportRedactEmails: true,
    })
    const changes = await audits('settings.updated')
    expect(changes.at(-1)?.details).toEqual({
      before: { defaultModel: 'openai:gpt-4.1-mini', supportRedactEmails: false },
      after: { defaultModel: null, supportRedactEmails: true },
    })
  })

  it('run quotas: tenant default and per-member overrides, validated and audited', async () => {
    for (const [value, message] of [
      ['-1', /0 or more/],
      ['1.5', /whole number/],
      ['abc', /whole number of runs/],
      ['100001', /100,000/],
    ] as const) {
      await expectRefused(
        tenantQuotaForm as never,
        formData({ dailyRunQuota: value }),
        tenant.admin.caller,
        'dailyRunQuota',
        message,
      )
    }
    await expectRefused(
      memberQuotaForm as never,
      { runQuota: '3' },
      tenant.admin.caller,
      'membershipId',
      /Missing member/,
    )
    expect(
      await runAction(
        memberQuotaForm,
        { membershipId: otherTenant.member.membershipId, runQuota: '1' },
        tenant.admin.caller,
      ),
    ).toEqual({ ok: false, error: 'Not found' })
    expect(await runAction(tenantQuotaForm, { dailyRunQuota: '5' }, tenant.member.caller)).toEqual({
      ok: false,
      error: 'Not found',
    })
    expect(await runAction(tenantQuotaForm, formData({ dailyRunQuota: '5' }), tenant.admin.caller)).toEqual({
      ok: true,
      data: undefined,
    })
    expect(
      await runAction(
        memberQuotaForm,
        formData({ membershipId: tenant.member.membershipId, runQuota: '2' }),
        tenant.admin.caller,
      ),
    ).toEqual({ ok: true, data: undefined })
    const quotas = await listMemberQuotas(tenant.admin.caller)
    expect(quotas.tenantDefault).toBe(5)
    expect(quotas.members.find((member) => member.membershipId === tenant.member.membershipId)).toMatchObject({
      override: 2,
      effective: 2,
    })
    expect(quotas.members.find((member) => member.membershipId === tenant.support.membershipId)).toMatchObject({
      override: null,
      effective: 5,
    })
    expect(await runAction(tenantQuotaForm, { dailyRunQuota: '' }, tenant.admin.caller)).toEqual({
      ok: true,
      data: undefined,
    })
    expect((await listMemberQuotas(tenant.admin.caller)).tenantDefault).toBeNull()
    expect((await audits('member.quota_changed', tenant.member.membershipId))[0].details).toMatchObject({
      before: null,
      after: 2,
    })
  })
})

describe('audit log', () => {
  it('filters by action, actor and date, pages, masks secret-looking fields, and is admin-only', async () => {
    const prisma = await getPrisma()
    const own = await createTenantWithUsers({ roles: ['admin', 'admin', 'member', 'support'] })
    const [first, second] = own.users
    for (let index = 0; index < 30; index++) {
      await prisma.auditLog.create({
        data: {
          tenantId: own.id,
          actorId: index % 2 ? first.id : second.id,
          action: index < 27 ? 'lesson.shared_updated' : 'provider_key.saved',
          targetType: 'lesson',
          details: { index, apiKey: 'sk-should-never-show', nested: { password: 'hunter2' } },
          createdAt: new Date(Date.UTC(2030, 0, 1 + (index % 3))),
        },
      })
    }
    const all = await searchAuditLog(first.caller)
    expect([all.total, all.entries.length, all.pageCount]).toEqual([30, 25, 2])
    expect((await searchAuditLog(first.caller, { page: 2 })).entries).toHaveLength(5)
    expect(all.actions).toEqual(['lesson.shared_updated', 'provider_key.saved'])
    expect(all.actors.map((actor) => actor.id).sort()).toEqual([first.id, second.id].sort())
    expect((await searchAuditLog(first.caller, { action: 'provider_key.saved' })).total).toBe(3)
    expect((await searchAuditLog(first.caller, { actorId: first.id })).total).toBe(15)
    expect(
      (
        await searchAuditLog(first.caller, {
          from: new Date('2030-01-02T00:00:00Z'),
          to: new Date('2030-01-02T00:00:00Z'),
        })
      ).total,
    ).toBe(10)
    expect(JSON.stringify(all.entries)).not.toMatch(/sk-should-never-show|hunter2/)
    expect(all.entries[0].details).toMatchObject({ apiKey: '[redacted]', nested: { password: '[redacted]' } })
    expect((await searchAuditLog(otherTenant.admin.caller, { actorId: first.id })).total).toBe(0)
    for (const caller of [own.member.caller, own.support.caller])
      await expect(searchAuditLog(caller)).rejects.toSatisfy(
        (error) => error instanceof AppError && error.code === 'not_found',
      )
  })
})
