// Lesson recall isolation under load: thousands of random runs of 12 users in two tenants (two of
// them members of both), in both lesson modes, driven through the real engine, PgLessonStore,
// PgMemory, recall stats and the Postgres event sink. Every lesson carries a marker token of the
// (tenant, user) that wrote it; no run may ever see another user's or another tenant's marker,
// in its lessons_recalled events or in any prompt its model received. Zero leaks is the only pass.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDatabase, getPrisma } from '../../../lib/adapters/db/client'
import type { EngineEvent } from '../../../lib/core/events/event'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { PgMemory } from '../../../lib/services/lessons/pg-memory'
import { recordLessonRecalls } from '../../../lib/services/lessons/recall-stats'
import { Agent, ReAct, Reflexion, SHARED_LESSON } from '../../../lib/core/reflexion'
import { RUN_INSTRUCTIONS } from '../../../lib/services/runs/run-agent'
import { RunEventSink } from '../../../lib/services/runs/run-event-sink'
import { runServicesFor } from '../../../lib/services/runs/run-services'
import { addUser, createTenantWithUsers, type TestTenant, type TestUser } from '../helpers'
import { createMarkerModel, seededRandom, type MarkerModelLog } from './marker-model'

const RUNS = 2_400
const IN_FLIGHT = 24
const USERS_PER_TENANT = 6
const TOPICS = 6
const BLOCK = 'reflexion_lessons'
const seed = Number(process.env.PRESSURE_SEED ?? crypto.randomInt(2 ** 31))
const random = seededRandom(seed)
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]
const prefix = `mk${crypto.randomBytes(3).toString('hex')}`
const markerPattern = new RegExp(`${prefix}t\\d(?:u\\d\\d|shared|untagged|retired|expired)`, 'g')
const marker = (tenant: number, slot: number) => `${prefix}t${tenant}u${String(slot).padStart(2, '0')}`
const special = (tenant: number, kind: 'shared' | 'untagged' | 'retired' | 'expired') => `${prefix}t${tenant}${kind}`

type Member = { tenant: number; slot: number; tenantId: string; user: TestUser }
type RunRecord = {
  runId: string
  member: Member
  mode: 'selective' | 'monotonic'
  log: MarkerModelLog
  events: EngineEvent[]
}

let tenants: TestTenant[]
const members: Member[] = []

beforeAll(async () => {
  const prisma = await getPrisma()
  tenants = [await createTenantWithUsers({ roles: ['admin'] }), await createTenantWithUsers({ roles: ['admin'] })]
  for (const [tenant, record] of tenants.entries()) {
    for (let slot = 0; slot < USERS_PER_TENANT; slot++) {
      // Slots 0 and 1 of the second tenant are the same people as in the first: a user of two tenants.
      const user =
        tenant === 1 && slot < 2
          ? members[slot].user
          : await addUser(record.id, 'member', `pressure-t${tenant}u${slot}`)
      if (tenant === 1 && slot < 2)
        await prisma.membership.create({ data: { tenantId: record.id, userId: user.id, role: 'member' } })
      members.push({ tenant, slot, tenantId: record.id, user })
    }
    const store = new PgLessonStore({ prisma, tenantId: record.id, embedder: defaultEmbedder() })
    await store.add([
      {
        content: `For topic reports mention ${special(tenant, 'shared')} rule always.`,
        metadata: { user_id: SHARED_LESSON },
      },
    ])
    // Traps ranked as near as possible to every prompt: untagged (anonymous) lessons, a retired and an expired shared one.
    for (let topic = 0; topic < TOPICS; topic++) {
      await store.add([
        {
          content: `For topic ${topic} reports mention ${special(tenant, 'untagged')} rule ${topic}.`,
          metadata: { user_id: '' },
        },
      ])
    }
    const [retired] = await store.add([
      {
        content: `For topic reports mention ${special(tenant, 'retired')} rule once.`,
        metadata: { user_id: SHARED_LESSON },
      },
    ])
    const [expired] = await store.add([
      {
        content: `For topic reports mention ${special(tenant, 'expired')} rule once.`,
        metadata: { user_id: SHARED_LESSON },
      },
    ])
    await prisma.lesson.update({ where: { id: retired }, data: { status: 'retired' } })
    await prisma.lesson.update({ where: { id: expired }, data: { expiresAt: new Date(Date.now() - 60_000) } })
    await new PgMemory({ prisma, tenantId: record.id }).setBlock(
      '',
      BLOCK,
      `For topic reports mention ${special(tenant, 'untagged')} rule block.`,
    )
  }
})

async function driveOne(member: Member, mode: 'selective' | 'monotonic'): Promise<RunRecord> {
  const database = await getDatabase()
  const { prisma } = database
  const topic = Math.floor(random() * TOPICS)
  const prompt = `Write the weekly report on topic ${topic}.`
  const maxAttempts = 1 + Math.floor(random() * 3)
  const topK = 1 + Math.floor(random() * 5)
  const own = marker(member.tenant, member.slot)
  const { model, log } = createMarkerModel({
    markerPattern,
    lessonFor: () => `For topic ${topic} reports mention ${own} rule ${Math.floor(random() * 8)}.`,
    passes: () => random() < 0.25,
  })
  const runId = `pressure-${crypto.randomUUID()}`
  const at = new Date()
  await prisma.run.create({
    data: {
      id: runId,
      tenantId: member.tenantId,
      userId: member.user.id,
      title: prompt,
      prompt,
      config: { pressure: true },
      model: 'pressure:marker',
      status: 'running',
      maxAttempts,
      threshold: 1,
      eventCount: 1,
      startedAt: at,
      events: {
        create: {
          tenantId: member.tenantId,
          index: 0,
          type: 'run.submitted',
          kind: 'Command',
          namespace: 'run',
          cause: { kind: 'seed' },
          payload: { prompt, userId: member.user.id },
          at,
        },
      },
    },
  })
  const sink = new RunEventSink(runServicesFor(database).writer, runId, [
    {
      index: 0,
      type: 'run.submitted',
      kind: 'Command',
      namespace: 'run',
      payload: { prompt, userId: member.user.id },
      cause: { kind: 'seed' },
      at: at.toISOString(),
    },
  ])
  const lessonStore =
    mode === 'selective'
      ? new PgLessonStore({ prisma, tenantId: member.tenantId, embedder: defaultEmbedder(), runId })
      : undefined
  const architecture = new Reflexion({
    base: new ReAct({ maxTurns: 2 }),
    maxAttempts,
    threshold: 1,
    topKLessons: topK,
    maxLessons: 6,
    evaluator: { kind: 'contains', expected: 'done' },
    lessonStore,
  })
  const agent = new Agent({
    instructions: RUN_INSTRUCTIONS,
    model,
    architecture,
    memory: new PgMemory({ prisma, tenantId: member.tenantId }),
    retry: false,
  })
  const events: EngineEvent[] = []
  await agent.run(prompt, {
    userId: member.user.id,
    runId,
    seed: { index: 0 },
    onEvent: async (event) => {
      events.push(event)
      await sink.onEvent(event)
      if (event.type === 'reflexion.lessons_recalled' && lessonStore && Array.isArray(event.lessons)) {
        const lessonIds = (event.lessons as { id?: string }[])
          .map((lesson) => lesson.id)
          .filter((id): id is string => typeof id === 'string')
        await recordLessonRecalls(prisma, {
          tenantId: member.tenantId,
          runId,
          attempt: Number(event.attempt),
          lessonIds,
        })
      }
    },
  })
  return { runId, member, mode, log, events }
}

/** The markers a run may see: its own (tenant, user) and its tenant's shared lesson. */
function allowedFor(member: Member): Set<string> {
  return new Set([marker(member.tenant, member.slot), special(member.tenant, 'shared')])
}

describe('lesson recall isolation under load', () => {
  it(
    `drives ${RUNS} random runs of 12 users in two tenants, both modes: zero leaks`,
    { timeout: 300_000 },
    async () => {
      console.log(`[pressure] lesson isolation seed ${seed} (PRESSURE_SEED=${seed} replays the same run plan)`)
      const plan = Array.from({ length: RUNS }, (_, position) => ({
        member: pick(members),
        mode: position % 2 === 0 ? ('selective' as const) : ('monotonic' as const),
      }))
      const records: RunRecord[] = []
      let next = 0
      const started = Date.now()
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < plan.length) {
            const { member, mode } = plan[next++]
            records.push(await driveOne(member, mode))
          }
        }),
      )
      console.log(`[pressure] ${records.length} runs in ${((Date.now() - started) / 1000).toFixed(1)} s`)

      const leaks: string[] = []
      const sharedRecalledBy = new Set<Member>()
      let recalledLessons = 0
      let promptsWithSharedLesson = 0
      for (const record of records) {
        const allowed = allowedFor(record.member)
        const where = `run ${record.runId} (${record.mode}, tenant ${record.member.tenant}, user ${record.member.slot})`
        for (const seen of record.log.markersSeen) if (!allowed.has(seen)) leaks.push(`${where}: its model saw ${seen}`)
        const recalls = record.events.filter((event) => event.type === 'reflexion.lessons_recalled')
        expect(recalls.length, where).toBeGreaterThan(0)
        for (const recall of recalls) {
          for (const lesson of recall.lessons as { content: string; userId: string }[]) {
            recalledLessons++
            if (lesson.userId !== record.member.user.id && lesson.userId !== SHARED_LESSON)
              leaks.push(`${where}: recalled a lesson of user key '${lesson.userId}'`)
            for (const seen of lesson.content.match(markerPattern) ?? []) {
              if (!allowed.has(seen)) leaks.push(`${where}: recalled "${lesson.content}"`)
              if (seen === special(record.member.tenant, 'shared')) sharedRecalledBy.add(record.member)
            }
          }
        }
        // What was recalled for an attempt reached that attempt's agent prompt.
        for (const [position, recall] of recalls.entries()) {
          const wanted = (recall.lessons as { content: string }[]).flatMap(
            (lesson) => lesson.content.match(markerPattern) ?? [],
          )
          const prompt = record.log.agentMarkers[position] ?? new Set<string>()
          for (const seen of wanted)
            expect(prompt.has(seen), `${where}: recalled ${seen} but attempt ${position + 1}'s prompt lacked it`).toBe(
              true,
            )
          if (wanted.includes(special(record.member.tenant, 'shared'))) promptsWithSharedLesson++
        }
      }
      expect(leaks.slice(0, 20)).toEqual([])
      expect(recalledLessons).toBeGreaterThan(RUNS)

      // Every member who ran a selective run recalled their tenant's shared lesson, and it reached prompts.
      const selectiveMembers = new Set(
        records.filter((record) => record.mode === 'selective').map((record) => record.member),
      )
      expect(
        [...selectiveMembers]
          .filter((member) => !sharedRecalledBy.has(member))
          .map((member) => `t${member.tenant}u${member.slot}`),
      ).toEqual([])
      expect(promptsWithSharedLesson).toBeGreaterThan(0)

      const prisma = await getPrisma()
      const tenantIds = tenants.map((tenant) => tenant.id)
      // Every stored lesson and memory block holds only the markers of the (tenant, user) it belongs to.
      const lessons = await prisma.lesson.findMany({
        where: { tenantId: { in: tenantIds } },
        select: { id: true, tenantId: true, userKey: true, content: true, timesRecalled: true },
      })
      const ownerOf = (tenantId: string, userKey: string) =>
        members.find((member) => member.tenantId === tenantId && member.user.id === userKey)
      for (const lesson of lessons.filter((row) => row.userKey !== SHARED_LESSON && row.userKey !== '')) {
        const owner = ownerOf(lesson.tenantId, lesson.userKey)!
        expect(lesson.content.match(markerPattern), lesson.content).toEqual([marker(owner.tenant, owner.slot)])
      }
      expect(lessons.filter((row) => row.userKey !== SHARED_LESSON && row.userKey !== '').length).toBeGreaterThan(
        USERS_PER_TENANT,
      )
      const blocks = await prisma.workingMemoryBlock.findMany({
        where: { tenantId: { in: tenantIds }, userKey: { not: '' } },
      })
      expect(blocks.length).toBeGreaterThan(0)
      for (const block of blocks) {
        const owner = ownerOf(block.tenantId, block.userKey)!
        expect(new Set(block.content.match(markerPattern)), block.content).toEqual(
          new Set([marker(owner.tenant, owner.slot)]),
        )
      }

      // Recall stats: each row is a lesson the run may recall; times_recalled equals the rows, never more.
      const recallRows = await prisma.lessonRecall.findMany({
        where: { tenantId: { in: tenantIds } },
        select: { lessonId: true, runId: true, tenantId: true },
      })
      const runs = new Map(records.map((record) => [record.runId, record]))
      const lessonById = new Map(lessons.map((lesson) => [lesson.id, lesson]))
      for (const row of recallRows) {
        const lesson = lessonById.get(row.lessonId)!
        const run = runs.get(row.runId)!
        expect([lesson.tenantId, [run.member.user.id, SHARED_LESSON].includes(lesson.userKey)]).toEqual([
          run.member.tenantId,
          true,
        ])
      }
      const rowsPerLesson = new Map<string, number>()
      for (const row of recallRows) rowsPerLesson.set(row.lessonId, (rowsPerLesson.get(row.lessonId) ?? 0) + 1)
      for (const lesson of lessons)
        expect([lesson.content, lesson.timesRecalled]).toEqual([lesson.content, rowsPerLesson.get(lesson.id) ?? 0])

      // Every log is contiguous 0..n-1, matches the row's event_count, and ends with one run.finished.
      const broken = await prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT r.id FROM runs r JOIN run_events e ON e.run_id = r.id WHERE r.tenant_id = ANY($1::text[])
       GROUP BY r.id, r.event_count
       HAVING count(*) <> r.event_count OR count(DISTINCT e.index) <> r.event_count OR min(e.index) <> 0 OR max(e.index) <> r.event_count - 1
          OR count(*) FILTER (WHERE e.type = 'run.finished') <> 1`,
        tenantIds,
      )
      expect(broken).toEqual([])
      expect(await prisma.run.count({ where: { tenantId: { in: tenantIds }, finishedAt: null } })).toBe(0)
    },
  )
})
