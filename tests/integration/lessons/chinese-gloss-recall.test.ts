// Chinese tasks and English lessons meet through the dictionary gloss, on PostgreSQL, through the
// real PgLessonStore and the offline default embedder: a Chinese task recalls its English lesson
// (and an English task its Chinese one), an unrelated Chinese task recalls nothing, and another
// user's near-duplicate never comes back.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { recallForUser, SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'

const backup = 'Before restarting a production database, confirm that a recent backup exists and has been restored.'
const tax = '计算个人所得税时，先扣除专项附加扣除，再按累进税率计算。'

describe('recall across Chinese and English on PostgreSQL', () => {
  let store: PgLessonStore
  const tenantId = `gloss-${crypto.randomUUID()}`

  beforeAll(async () => {
    const prisma = await getPrisma()
    await prisma.tenant.create({ data: { id: tenantId, name: tenantId, slug: tenantId } })
    store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder() })
    const lessons: [string, string][] = [
      ['ada', backup],
      ['ada', 'Charts of monthly revenue must start the y-axis at zero and label the currency.'],
      [SHARED_LESSON, 'A haiku has three lines of five, seven and five syllables; count them before answering.'],
      [SHARED_LESSON, tax],
      [SHARED_LESSON, '写周报时，先列出本周完成的结果，再写下周计划。'],
      ['mallory', 'Before restarting a production database, take a backup and tell the on-call engineer.'],
    ]
    for (const [user, content] of lessons) await store.put({ content, metadata: { user_id: user } })
  }, 120_000)

  it('a Chinese task recalls its English lesson first, never another user’s twin', async () => {
    const hits = await recallForUser(store, '我们需要重启生产环境的主数据库服务器。', 'ada', 5)
    expect(hits[0]?.content).toBe(backup)
    expect(hits.some((hit) => hit.metadata.user_id === 'mallory')).toBe(false)
  })

  it('an English task recalls a Chinese lesson', async () => {
    const hits = await recallForUser(store, 'Compute my income tax for this year.', 'ada', 5)
    expect(hits[0]?.content).toBe(tax)
  })

  it('an unrelated Chinese task recalls nothing', async () => {
    for (const prompt of ['为什么天空是蓝色的？', '长城有多长？', '今天天气怎么样？'])
      expect(await recallForUser(store, prompt, 'ada', 5)).toEqual([])
  })
})
