// Recall and lesson hygiene through the real PgLessonStore and the offline default embedder, on
// PostgreSQL (the integration database) AND on an embedded PGlite: an unrelated task recalls
// nothing; a related task gets its lesson with its similarity and why; a lesson re-learned is a
// duplicate that strengthens the stored one, checked over the whole scope (not a top-5 search); a
// member's lesson and its shared copy come back as one; another user's near-duplicate never does.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../lib/adapters/db/client'
import { bothDatabases } from '../helpers'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { recallForUser, SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'
import { lexicalSimilarity } from '../../../lib/core/reflexion/text-features'

const databases = bothDatabases()

describe.each(databases)('recall on %s', (_name, database) => {
  let prisma: Db
  let store: PgLessonStore
  const tenantId = `recall-${crypto.randomUUID()}`

  beforeAll(async () => {
    prisma = await database()
    await prisma.tenant.create({ data: { id: tenantId, name: tenantId, slug: tenantId } })
    store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder(), scope: { taskKey: 'trip' } })
    const lessons: [string, string][] = [
      ['ada', 'When a user asks for a relaxed walking tour, plan at most three stops unless they ask for more.'],
      ['ada', 'Charts of monthly revenue must start the y-axis at zero and label the currency.'],
      [SHARED_LESSON, 'Normalize dates to ISO 8601 (YYYY-MM-DD) before answering.'],
      [SHARED_LESSON, '写周报时，先列出本周完成的结果，再写下周计划。'],
      ['mallory', 'When a user asks for a relaxed walking tour, plan at most two stops and add a café.'],
    ]
    for (const [user, content] of lessons) await store.put({ content, metadata: { user_id: user } })
  }, 120_000)

  it('an unrelated task recalls no lesson', async () => {
    for (const prompt of ['What is the capital of France?', 'Tell me a joke about penguins.', '今天天气怎么样？'])
      expect(await recallForUser(store, prompt, 'ada', 5)).toEqual([])
  })

  it('a paraphrased task gets its lesson, with its similarity and why; never another user’s twin', async () => {
    const hits = await recallForUser(store, 'Plan an easy walking tour of Lisbon for my parents.', 'ada', 5)
    expect(hits[0]?.content).toMatch(/three stops/)
    expect(hits.some((hit) => hit.metadata.user_id === 'mallory')).toBe(false)
    expect(hits[0].score).toBeGreaterThan(0.25)
    // Lessons written through this store took its task key: the reason says so, and the boost.
    expect(hits[0].metadata.reason).toEqual({ similarity: hits[0].score, taskKey: 'trip', boost: 0.04 })
    const chinese = await recallForUser(store, '帮我写这周的工作周报。', 'grace', 5)
    expect(chinese.map((hit) => hit.content)).toEqual(['写周报时，先列出本周完成的结果，再写下周计划。'])
  })

  it('a task in a language without a gloss is compared by its real words: chance overlaps recall nothing', async () => {
    const summary = 'Kai rašai santrauką, naudok trumpus sakinius ir mandagų kreipinį.'
    for (const content of [summary, '计算个人所得税时，先扣除专项附加扣除，再按累进税率计算。'])
      await store.put({ content, metadata: { user_id: 'hans' } })
    const task = 'Parašyk trumpą santrauką apie posėdžio protokolą.'
    const hits = await recallForUser(store, task, 'hans', 5)
    expect(hits.map((hit) => hit.content)).toEqual([summary])
    // Its similarity is the exact word overlap, not the hashed vectors' (which meet other texts by chance).
    expect(hits[0].score).toBeCloseTo(lexicalSimilarity(task, summary), 5)
    expect(await recallForUser(store, 'Kiek gyventojų turi Vilnius?', 'hans', 5)).toEqual([])
  })

  it('a task in a glossed language finds its lesson by meaning; an unrelated one recalls nothing', async () => {
    const summary = 'Wenn du eine Zusammenfassung auf Deutsch schreibst, verwende die Sie-Form und kurze Sätze.'
    const temperature = "Lors d'une conversion de température, indiquez toujours l'unité d'origine et l'unité cible."
    for (const content of [summary, temperature]) await store.put({ content, metadata: { user_id: 'jo' } })
    for (const task of [
      'Schreib eine kurze Zusammenfassung des Protokolls.',
      'Fasse den Bericht über das Quartalsergebnis kurz zusammen.',
    ])
      expect((await recallForUser(store, task, 'jo', 5))[0]?.content, task).toBe(summary)
    // (A German question about Vienna still meets the German-writing lesson at 0.26: bench/RESULTS.md.)
    for (const question of ['Warum ist der Himmel blau?', 'Wie hoch ist die Zugspitze?', 'Was fressen Koalas?'])
      expect(await recallForUser(store, question, 'jo', 5), question).toEqual([])
    // "l'Australie" and "l'unité" share only the elided article, which once counted as a shared word.
    expect(await recallForUser(store, "Quelle est la capitale de l'Australie ?", 'jo', 5)).toEqual([])
    const converted = await recallForUser(store, 'Conversion de la temperature en Fahrenheit', 'jo', 5)
    expect(converted[0]?.content).toBe(temperature)
  })

  it('a tenant floor of 0.99 recalls nothing, a floor of 0 recalls every visible lesson', async () => {
    const strict = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder(), floor: 0.99 })
    expect(await recallForUser(strict, 'Plan a relaxed walking tour of Rome.', 'ada', 5)).toEqual([])
    const open = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder(), floor: 0 })
    const all = await recallForUser(open, 'Plan a relaxed walking tour of Rome.', 'ada', 10)
    expect(all.length).toBeGreaterThanOrEqual(3)
    expect(all.every((hit) => hit.metadata.user_id === 'ada' || hit.metadata.user_id === SHARED_LESSON)).toBe(true)
  })

  it('a re-learned lesson is a duplicate that strengthens the stored one, over the whole scope', async () => {
    // Thirty lessons nearer the new text than the stored duplicate: a top-5 search would miss it.
    for (let position = 0; position < 30; position++)
      await store.put({ content: `Plan walking tour number ${position} with stops`, metadata: { user_id: 'ada' } })
    const first = await store.put({ content: 'Always confirm the booking reference.', metadata: { user_id: 'ada' } })
    const again = await store.put({
      content: '  always confirm the booking   reference ',
      metadata: { user_id: 'ada' },
    })
    expect(first.duplicate).toBe(false)
    expect(again).toEqual({ id: first.id, duplicate: true })
    const shared = await store.put({
      content: 'normalize dates to ISO 8601 (YYYY-MM-DD) before answering',
      metadata: { user_id: 'ada' },
    })
    expect(shared.duplicate).toBe(true)
    const rows = await prisma.lesson.findMany({
      where: { tenantId, id: { in: [first.id, shared.id] } },
      select: { userKey: true, timesLearned: true },
    })
    expect(rows.map((row) => row.timesLearned)).toEqual([2, 2])
    expect(rows.map((row) => row.userKey).sort()).toEqual([SHARED_LESSON, 'ada'].sort())
    expect(await prisma.lesson.count({ where: { tenantId, normalized: { contains: 'booking reference' } } })).toBe(1)
  })

  it('a retired or expired lesson with the same text does not stand in for a re-learned one: it is stored and recalled', async () => {
    const text = 'Before booking a ferry, check the last sailing back.'
    const retiredShared = await store.put({ content: text, metadata: { user_id: SHARED_LESSON } })
    await prisma.lesson.update({ where: { id: retiredShared.id }, data: { status: 'retired' } })
    // The run's reflection writes the same lesson: before, it was "already known" (the retired one) and lost.
    const relearned = await store.put({ content: text, metadata: { user_id: 'grace' } })
    expect(relearned.duplicate).toBe(false)
    expect(relearned.id).not.toBe(retiredShared.id)
    const hits = await recallForUser(store, 'Book a ferry to the island and back.', 'grace', 5)
    expect(hits.map((hit) => hit.id)).toContain(relearned.id)
    // The user's own copy, expired: learned again, it is recalled again (the same row).
    await prisma.lesson.update({ where: { id: relearned.id }, data: { expiresAt: new Date(Date.now() - 60_000) } })
    const revived = await store.put({ content: text, metadata: { user_id: 'grace' } })
    expect(revived).toEqual({ id: relearned.id, duplicate: true })
    expect(
      (await recallForUser(store, 'Book a ferry to the island and back.', 'grace', 5)).map((hit) => hit.id),
    ).toContain(relearned.id)
  })

  it("a member's lesson and its shared copy come back as one", async () => {
    const mine = await store.put({ content: 'Quote every price with its currency.', metadata: { user_id: 'grace' } })
    const copy = await store.put({
      content: 'Quote every price together with its currency code.',
      metadata: { user_id: SHARED_LESSON },
    })
    await prisma.lessonProposal.create({
      data: {
        tenantId,
        lessonId: mine.id,
        proposedById: 'grace',
        content: 'Quote every price with its currency.',
        status: 'approved',
        sharedLessonId: copy.id,
      },
    })
    const hits = await recallForUser(store, 'Write a price list for our cafe menu with the currency.', 'grace', 5)
    const ids = hits.map((hit) => hit.id)
    expect(ids).toContain(mine.id)
    expect(ids).not.toContain(copy.id)
    // Another member sees the shared copy.
    const others = await recallForUser(store, 'Write a price list for our cafe menu with the currency.', 'ada', 5)
    expect(others.map((hit) => hit.id)).toContain(copy.id)
  })
})
