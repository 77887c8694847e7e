// Lessons found by task key or tags: a lesson whose task key equals the run's, or whose tags meet
// the run's tags, gets a small boost over its similarity — it wins near ties, never over a clearly
// nearer lesson, and never lifts an unrelated lesson over the relevance floor. Another user's lesson
// with the same task key never comes back; retired and expired ones neither. Through the real worker,
// a run's lessons inherit its task key and tags, and a later related run recalls them, saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { taskFormSchema } from '../../../lib/services/runs/task-form-input'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'
import type { RunWorker } from '../../../lib/services/runs/run-worker'
import { submitTaskDraft } from '../../../lib/services/runs/submit-task'
import { addUser, createTenantWithUsers, type TestTenant, type TestUser } from '../helpers'
import { scenarioTask, startTestWorker, storedEvents, waitForRun } from '../runs/run-helpers'

const PROMPT = 'Plan an easy walking day in Kyoto. List the stops in order, separated by →.'
const KEYED = 'Carry coins for the small shrine offering boxes.'
const OTHER_USERS = 'Plan an easy walking day in Kyoto with at most three stops, separated by →.'

let tenant: TestTenant
let member: TestUser
let other: TestUser
let worker: RunWorker

function store(scope?: { taskKey?: string; tags?: string[] }) {
  return getPrisma().then(
    (prisma) => new PgLessonStore({ prisma, tenantId: tenant.id, embedder: defaultEmbedder(), scope }),
  )
}

const recall = async (scope?: { taskKey?: string; tags?: string[] }, k = 5) =>
  (await store(scope)).search(PROMPT, { k, filter: { user_id: [member.id, SHARED_LESSON] } })

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin', 'member'] })
  member = tenant.member
  other = await addUser(tenant.id, 'member', 'other')
  const prisma = await getPrisma()
  const plain = await store()
  // Six lessons of the member that read much like the prompt: by similarity alone they fill the top five.
  for (const stop of ['temples', 'gardens', 'markets', 'shrines', 'museums', 'bridges']) {
    await plain.add([
      {
        content: `Plan an easy walking day in Kyoto around ${stop}, stops in order separated by →.`,
        metadata: { user_id: member.id },
      },
    ])
  }
  await plain.add([{ content: KEYED, metadata: { user_id: member.id, task_key: 'walking-tour' } }])
  await plain.add([
    {
      content: 'Check opening hours of every museum on the list.',
      metadata: { user_id: SHARED_LESSON, tags: ['walking', 'museums'] },
    },
  ])
  await plain.add([
    { content: OTHER_USERS, metadata: { user_id: other.id, task_key: 'walking-tour', tags: ['walking'] } },
  ])
  const [retired] = await plain.add([
    {
      content: 'Retired: always book a taxi between stops.',
      metadata: { user_id: SHARED_LESSON, task_key: 'walking-tour' },
    },
  ])
  const [expired] = await plain.add([
    {
      content: 'Expired: the bamboo grove is closed on Mondays.',
      metadata: { user_id: SHARED_LESSON, task_key: 'walking-tour' },
    },
  ])
  await prisma.lesson.update({ where: { id: retired }, data: { status: 'retired' } })
  await prisma.lesson.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 60_000) } })
  worker = await startTestWorker()
})

afterAll(async () => {
  await worker?.stop()
})

describe('recall by task key and tags', () => {
  it('by similarity alone, the dissimilar keyed lesson is not in the top five (the control)', async () => {
    const hits = await recall()
    expect(hits).toHaveLength(5)
    expect(hits.map((hit) => hit.content)).not.toContain(KEYED)
  })

  it('a task key boosts similarity, never overrides it: the dissimilar keyed lesson stays out of the top five', async () => {
    const plain = await recall()
    const keyed = await recall({ taskKey: 'walking-tour' })
    expect(keyed.map((hit) => hit.content)).not.toContain(KEYED)
    expect(keyed.map((hit) => hit.id)).toEqual(plain.map((hit) => hit.id))
    for (const hit of keyed) expect(hit.metadata.reason).toEqual({ similarity: hit.score, boost: 0 })
  })

  it('a shared lesson whose tags meet the run tags says so in why it was recalled, ranked by similarity plus boost', async () => {
    const hits = await recall({ tags: ['walking', 'museums'] }, 20)
    const tagged = hits.filter((hit) => Array.isArray(hit.metadata.tags) && hit.metadata.tags.includes('walking'))
    for (const hit of tagged) expect(hit.metadata.reason).toMatchObject({ tags: ['walking', 'museums'], boost: 0.02 })
    const ranking = hits.map((hit) => hit.metadata.reason as { similarity: number; boost: number })
    const scores = ranking.map((reason) => reason.similarity + reason.boost)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it("never recalls another user's lesson with the same task key and tags, nor a retired or expired one", async () => {
    for (const k of [1, 5, 20]) {
      const hits = await recall({ taskKey: 'walking-tour', tags: ['walking'] }, k)
      const contents = hits.map((hit) => hit.content)
      expect(contents).not.toContain(OTHER_USERS)
      expect(contents.some((content) => /^(Retired|Expired):/.test(content))).toBe(false)
      expect(hits.every((hit) => hit.metadata.user_id === member.id || hit.metadata.user_id === SHARED_LESSON)).toBe(
        true,
      )
    }
    // The other user's lesson is the most similar of all to the prompt: it is kept out by the user filter, not by rank.
    const unfiltered = await (await store({ taskKey: 'walking-tour' })).search(PROMPT, { k: 20 })
    const [nearest] = [...unfiltered].sort((left, right) => right.score - left.score)
    expect(nearest.content).toBe(OTHER_USERS)
  })
})

describe('through the worker', () => {
  it("a run's lessons inherit its task key and tags; a later run with the key recalls them however different its prompt", async () => {
    const prisma = await getPrisma()
    const writer = await addUser(tenant.id, 'member', 'writer')
    const { runId } = await submitTaskDraft(writer.caller, {
      ...scenarioTask('hangzhou-walk'),
      taskKey: 'city-walks',
      tags: ['Slow-Travel', 'slow-travel'],
    })
    expect((await waitForRun(runId)).status).toBe('succeeded')
    const written = await prisma.lesson.findMany({
      where: { tenantId: tenant.id, userKey: writer.id },
      select: { content: true, taskKey: true, tags: true, sourceRunId: true },
    })
    expect(written).toEqual([
      {
        content: expect.stringMatching(/at most 3 stops/),
        taskKey: 'city-walks',
        tags: ['slow-travel'],
        sourceRunId: runId,
      },
    ])

    // A paraphrased prompt with the same key: the lesson is recalled, and why says similarity and key.
    const { runId: second } = await submitTaskDraft(writer.caller, {
      prompt: 'Suggest a slow, relaxed stroll through Suzhou for my grandmother; list the stops separated by →.',
      evaluator: { kind: 'contains', expected: 'offline demo' },
      taskKey: 'city-walks',
      reflexion: { topKLessons: 1 },
    })
    await waitForRun(second)
    const recalled = (await storedEvents(second)).find((event) => event.type === 'reflexion.lessons_recalled')
    expect(recalled?.payload.lessons).toEqual([
      expect.objectContaining({
        content: written[0].content,
        userId: writer.id,
        why: expect.objectContaining({ taskKey: 'city-walks', boost: 0.04 }),
      }),
    ])

    // A prompt about something else entirely, with the same key: the floor wins, nothing is recalled.
    const { runId: third } = await submitTaskDraft(writer.caller, {
      prompt: 'Write a haiku about autumn rain.',
      evaluator: { kind: 'contains', expected: 'offline demo' },
      taskKey: 'city-walks',
      reflexion: { topKLessons: 1 },
    })
    await waitForRun(third)
    const none = (await storedEvents(third)).find((event) => event.type === 'reflexion.lessons_recalled')
    expect(none?.payload.lessons).toEqual([])
  })
})

describe('the New task form', () => {
  const fields = { prompt: 'Plan a day.', 'evaluator.kind': 'llm' }

  it('reads the task key and comma-separated tags (lower-cased, deduplicated); empty means none', () => {
    expect(
      taskFormSchema.parse({ ...fields, taskKey: 'Walking-Tour', tags: ' Travel, walking,travel ,' }),
    ).toMatchObject({ taskKey: 'walking-tour', tags: ['travel', 'walking'] })
    const empty = taskFormSchema.parse({ ...fields, taskKey: '', tags: '' })
    expect(empty.taskKey).toBeUndefined()
    expect(empty.tags).toEqual([])
  })

  it('reports a bad task key or tag under its own field, saying what is accepted', () => {
    const result = taskFormSchema.safeParse({
      ...fields,
      taskKey: 'walking tour!',
      tags: 'ok, not ok, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
    })
    expect(result.success).toBe(false)
    const byField = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    )
    expect(byField.taskKey).toMatch(/letters, digits/)
    expect(byField.tags).toMatch(/at most 10 tags/)
  })
})
