// The experiment arm's recall filter: with `allowedLessonIds`, a run recalls only the listed lessons
// and the lessons it wrote itself, however near other shared or own lessons are; without it, recall is unchanged.
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore, type RecallScope } from '../../../lib/services/lessons/pg-lesson-store'
import { SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'
import { createTenantWithUsers, type TestTenant } from '../helpers'

const PROMPT = 'Plan a relaxed walking tour of Lisbon, stops separated by →.'
const RUN_ID = 'run-of-the-arm'
const RUN_KEY = `experiment:${RUN_ID}`

let tenant: TestTenant
let allowed: string
let nearShared: string

async function store(scope?: RecallScope, runId = RUN_ID) {
  const prisma = await getPrisma()
  return new PgLessonStore({ prisma, tenantId: tenant.id, embedder: defaultEmbedder(), runId, scope })
}

beforeAll(async () => {
  tenant = await createTenantWithUsers({ roles: ['admin'] })
  const plain = await store(undefined, 'another-run')
  ;[allowed] = await plain.add([
    { content: 'Keep a walking tour to at most three stops.', metadata: { user_id: SHARED_LESSON } },
  ])
  ;[nearShared] = await plain.add([
    {
      content: 'Plan a relaxed walking tour of Lisbon with stops separated by →.',
      metadata: { user_id: SHARED_LESSON },
    },
  ])
  await plain.add([
    { content: 'Plan a walking tour of Lisbon by tram.', metadata: { user_id: SHARED_LESSON, tags: ['walking'] } },
  ])
  // The run's own reflection, written under its own key with the run as its source.
  await (await store()).add([{ content: 'Name each stop of a Lisbon tour once.', metadata: { user_id: RUN_KEY } }])
})

const recall = async (scope?: RecallScope, k = 10) =>
  (await store(scope)).search(PROMPT, { k, filter: { user_id: [RUN_KEY, SHARED_LESSON] } })

describe('allowed lessons (an experiment arm)', () => {
  it('without the filter every shared lesson is a candidate, the nearest first (the control)', async () => {
    const hits = await recall()
    expect(hits.map((hit) => hit.id)).toContain(nearShared)
    expect(hits).toHaveLength(4)
  })

  it('an arm with lesson X recalls X and its own reflections, never the other shared lessons', async () => {
    const hits = await recall({ allowedLessonIds: [allowed], tags: ['walking'] })
    expect(hits.map((hit) => hit.content).sort()).toEqual(
      ['Keep a walking tour to at most three stops.', 'Name each stop of a Lisbon tour once.'].sort(),
    )
  })

  it('an arm with no lessons recalls only what the run wrote itself', async () => {
    const hits = await recall({ allowedLessonIds: [] })
    expect(hits.map((hit) => hit.content)).toEqual(['Name each stop of a Lisbon tour once.'])
  })

  it('another run of the same arm does not see the first run’s reflections', async () => {
    const other = await store({ allowedLessonIds: [] }, 'a-different-run')
    const hits = await other.search(PROMPT, {
      k: 10,
      filter: { user_id: ['experiment:a-different-run', SHARED_LESSON] },
    })
    expect(hits).toEqual([])
  })
})
