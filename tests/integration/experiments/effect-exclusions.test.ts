// Issue #11.8: the effect page counted infrastructure failures as the lesson's fault (one provider
// outage made a helpful lesson read "−33 pts"). Runs interrupted by provider_error, model_config or
// worker_lost, cancelled runs and experiment runs count on neither side, and the exclusions are counted.
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { lessonOutcomes, sharedLessonEffect } from '../../../lib/services/lessons/lesson-outcomes'
import { createSharedLesson } from '../../../lib/services/lessons/shared-lessons'
import { createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let lessonId: string

async function run(status: string, reason: string | null, options: { recalled?: boolean; experiment?: string } = {}) {
  const prisma = await getPrisma()
  const created = await prisma.run.create({
    data: {
      tenantId: tenant.id,
      userId: tenant.member.id,
      title: 't',
      prompt: 'p',
      config: { evaluator: { kind: 'regex' } },
      model: 'demo',
      status: status as never,
      interruptionReason: reason,
      attemptsUsed: 1,
      maxAttempts: 3,
      threshold: 0.8,
      bestScore: status === 'succeeded' ? 1 : 0,
      ...(options.experiment && {
        experimentId: options.experiment,
        experimentArm: 0,
        experimentItem: 0,
        experimentRepeat: 0,
      }),
    },
  })
  if (options.recalled)
    await prisma.lessonRecall.create({ data: { tenantId: tenant.id, lessonId, runId: created.id, attempt: 1 } })
}

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
  lessonId = (
    await createSharedLesson(tenant.admin.caller, { content: 'Plan at most three stops.', tags: ['walking'] })
  ).id
  // Recalling: two passed, and three interrupted by infrastructure (and one cancelled interruption).
  await run('succeeded', null, { recalled: true })
  await run('succeeded', null, { recalled: true })
  await run('interrupted', 'provider_error', { recalled: true })
  await run('interrupted', 'model_config', { recalled: true })
  await run('interrupted', 'worker_lost', { recalled: true })
  await run('interrupted', 'cancelled', { recalled: true })
  // A run that ran out of turns is the agent's failure: it counts.
  await run('interrupted', 'max_turns_exceeded', { recalled: true })
  // Comparable: three passed, one failed, one provider error.
  await run('succeeded', null)
  await run('succeeded', null)
  await run('succeeded', null)
  await run('failed', null)
  await run('interrupted', 'provider_error')
  // An experiment's run (recalling and failed) is no observation at all.
  const prisma = await getPrisma()
  const dataset = await prisma.dataset.create({
    data: { tenantId: tenant.id, ownerId: tenant.admin.id, name: 'd', shared: true },
  })
  const version = await prisma.datasetVersion.create({
    data: {
      tenantId: tenant.id,
      datasetId: dataset.id,
      version: 1,
      items: [],
      itemCount: 0,
      createdById: tenant.admin.id,
    },
  })
  const experiment = await prisma.experiment.create({
    data: {
      tenantId: tenant.id,
      ownerId: tenant.admin.id,
      datasetId: dataset.id,
      datasetVersionId: version.id,
      name: 'e',
      arms: [],
      repeats: 1,
    },
  })
  await run('failed', null, { recalled: true, experiment: experiment.id })
})

describe('lesson effect without infrastructure failures', () => {
  it('leaves out infrastructure interruptions, cancellations and experiment runs, and counts the exclusions', async () => {
    const [effect] = (await sharedLessonEffect(tenant.admin.caller)).filter((row) => row.lessonId === lessonId)
    expect(effect.recalling).toEqual({ runs: 3, passRate: 2 / 3, meanAttempts: 1 })
    expect(effect.comparable).toEqual({ runs: 4, passRate: 0.75, meanAttempts: 1 })
    expect(effect.excluded).toEqual({ recalling: 4, comparable: 1 })
    expect(effect.worse).toBe(false)
  })

  it('the lesson library outcomes leave them out too', async () => {
    const outcome = (await lessonOutcomes(tenant.admin.caller, [lessonId])).get(lessonId)
    expect(outcome).toEqual({ runs: 3, passRate: 2 / 3, meanBestScore: 2 / 3 })
  })
})
