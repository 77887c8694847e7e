// Issue 11 on the real database: the personal-data check on every path into shared lessons (create,
// edit, approve), one tag normalisation for admins and members, a read view of any member's lesson for
// admins and support, providers checked at submit (the reason under the model field), and '*' refused as
// the user id of a run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callerOf } from '../../../lib/services/auth/caller'
import { runAction } from '../../../lib/boundary/actions/define'
import { createSharedLessonForm, updateSharedLessonForm } from '../../../lib/services/curation/shared-lesson-forms'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { getLesson } from '../../../lib/services/lessons/my-lessons'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import {
  approveProposal,
  createSharedLesson,
  proposeLesson,
  updateSharedLesson,
} from '../../../lib/services/lessons/queries'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addUser, createTenantWithUsers, type TestTenant } from '../helpers'

let tenant: TestTenant
let other: TestTenant
const PERSONAL = 'Call Ana Lima at +44 20 7946 0958 or ana.lima@example.org before booking.'

beforeAll(async () => {
  tenant = await createTenantWithUsers()
  other = await createTenantWithUsers()
})

async function memberLesson(content: string, userId = tenant.member.id, tenantId = tenant.id) {
  const store = new PgLessonStore({ prisma: await getPrisma(), tenantId, embedder: defaultEmbedder() })
  const [id] = await store.add([{ content, metadata: { user_id: userId, attempt: 1, score: 0.2 } }])
  return id
}

const sharedCount = async () =>
  (await getPrisma()).lesson.count({ where: { tenantId: tenant.id, userKey: '*', content: { contains: 'Ana' } } })

describe('personal data on every path into shared lessons', () => {
  it('create: refused with the findings under the lesson field, nothing written; accepted once confirmed (audited)', async () => {
    const refused = await runAction(createSharedLessonForm, { content: PERSONAL }, tenant.admin.caller)
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.fieldErrors?.content?.join(' ')).toMatch(/phone: \+44 20 7946 0958/)
      expect(refused.fieldErrors?.content?.join(' ')).toMatch(/email: ana\.lima@example\.org/)
    }
    expect(await sharedCount()).toBe(0)
    const confirmed = await runAction(
      createSharedLessonForm,
      { content: PERSONAL, confirmPersonalData: 'on' },
      tenant.admin.caller,
    )
    expect(confirmed.ok).toBe(true)
    const prisma = await getPrisma()
    const audit = await prisma.auditLog.findFirst({
      where: { tenantId: tenant.id, action: 'lesson.shared_created' },
      orderBy: { createdAt: 'desc' },
    })
    expect(audit?.details).toMatchObject({ personalDataConfirmed: true })
  })

  it('edit: new text with a phone number is refused unless confirmed; an edit of tags alone is not re-checked', async () => {
    const lesson = await createSharedLesson(tenant.admin.caller, { content: 'Book trains a week ahead.' })
    await expect(
      updateSharedLesson(tenant.admin.caller, lesson.id, { content: 'Book trains via 06 12 34 56 78.' }),
    ).rejects.toMatchObject({ code: 'bad_request', fieldErrors: { content: [expect.stringMatching(/^phone/)] } })
    const form = await runAction(
      updateSharedLessonForm,
      { lessonId: lesson.id, content: 'Book trains via 06 12 34 56 78.', tags: 'Rail Travel' },
      tenant.admin.caller,
    )
    expect(form.ok).toBe(false)
    expect((await getLesson(tenant.admin.caller, lesson.id)).content).toBe('Book trains a week ahead.')
    const tagsOnly = await updateSharedLesson(tenant.admin.caller, lesson.id, { tags: ['Rail Travel'] })
    expect(tagsOnly.tags).toEqual(['rail-travel'])
  })

  it('approve: the same check, and the same confirmation', async () => {
    const lessonId = await memberLesson('Ask the guide on +86 138 0013 8000 for a quieter route.')
    const { proposalId } = await proposeLesson(tenant.member.caller, lessonId)
    await expect(
      approveProposal(tenant.admin.caller, proposalId, { content: 'Ask the guide on +86 138 0013 8000 first.' }),
    ).rejects.toMatchObject({ code: 'bad_request' })
    const shared = await approveProposal(tenant.admin.caller, proposalId, {
      content: 'Ask the guide on +86 138 0013 8000 first.',
      confirmPersonalData: true,
    })
    expect(shared.shared).toBe(true)
  })
})

describe('one tag normalisation', () => {
  it('the admin form stores Travel Planning as the tag the task form writes (travel-planning)', async () => {
    const created = await runAction(
      createSharedLessonForm,
      { content: 'Leave a free hour between stops.', tags: 'Travel Planning, #Walking', taskKey: 'City.Walks' },
      tenant.admin.caller,
    )
    expect(created.ok).toBe(true)
    const lesson = await getLesson(tenant.admin.caller, created.ok ? created.data.id : '')
    expect(lesson.tags).toEqual(['travel-planning', 'walking'])
    expect(lesson.taskKey).toBe('city.walks')
  })
})

describe("a read view of a member's lesson for admins and support", () => {
  it('admins and support open a colleague’s lesson; another member and another tenant get a 404', async () => {
    const lessonId = await memberLesson('Start early to avoid the crowds at the temple.')
    expect((await getLesson(tenant.admin.caller, lessonId)).content).toMatch(/crowds/)
    expect((await getLesson(tenant.support.caller, lessonId)).content).toMatch(/crowds/)
    const peer = await addUser(tenant.id, 'member')
    await expect(getLesson(peer.caller, lessonId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getLesson(other.admin.caller, lessonId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(getLesson(other.support.caller, lessonId)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('submit checks what the run needs before anything runs', () => {
  const saved = { openai: process.env.OPENAI_API_KEY }
  beforeAll(() => {
    delete process.env.OPENAI_API_KEY
  })
  afterAll(() => {
    if (saved.openai !== undefined) process.env.OPENAI_API_KEY = saved.openai
  })

  it('a model whose provider has no key is a field error under that model; no run is created', async () => {
    const prisma = await getPrisma()
    const before = await prisma.run.count({ where: { tenantId: tenant.id } })
    await expect(
      submitTaskDraft(tenant.member.caller, { prompt: 'Plan a day.', models: { agent: 'openai:gpt-4.1-mini' } }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      fieldErrors: { 'models.agent': [expect.stringMatching(/OPENAI_API_KEY.*not configured/)] },
    })
    await expect(
      submitTaskDraft(tenant.member.caller, {
        prompt: 'Plan a day.',
        models: { evaluator: 'anthropic:claude-x', reflector: 'compatible:local' },
      }),
    ).rejects.toMatchObject({
      fieldErrors: {
        'models.evaluator': [expect.stringMatching(/ANTHROPIC_API_KEY/)],
        'models.reflector': [expect.stringMatching(/COMPATIBLE_BASE_URL/)],
      },
    })
    expect(await prisma.run.count({ where: { tenantId: tenant.id } })).toBe(before)
  })

  it('a role model the run never calls is not checked (exact-match evaluator, one attempt)', async () => {
    const { runId } = await submitTaskDraft(tenant.member.caller, {
      prompt: 'Say hi.',
      evaluator: { kind: 'exact', expected: 'hi' },
      reflexion: { maxAttempts: 1 },
      models: { evaluator: 'openai:gpt-4.1-mini', reflector: 'openai:gpt-4.1-mini' },
    })
    expect(runId).toBeTruthy()
  })

  it("refuses to start a run for a user whose id is the shared-lesson key '*'", async () => {
    const prisma = await getPrisma()
    const user = await prisma.user.create({
      data: { id: '*', email: `star-${Date.now()}@test.local`, name: 'Star', passwordHash: 'x' },
    })
    await prisma.membership.create({ data: { tenantId: tenant.id, userId: user.id, role: 'member' } })
    await expect(
      submitTaskDraft(callerOf({ user: { id: '*' }, active: { tenantId: tenant.id, role: 'member' } })!, {
        prompt: 'Plan a day.',
      }),
    ).rejects.toMatchObject({ code: 'bad_request', message: expect.stringMatching(/reserved/) })
    expect(await prisma.run.count({ where: { userId: '*' } })).toBe(0)
  })
})
