// Tasks and lessons in different languages meet through the English gloss, on PostgreSQL, through
// the real PgLessonStore and the offline default embedder: Chinese through CC-CEDICT, the other
// languages through the lexicons. A task recalls its lesson in another language, an unrelated task
// recalls nothing, and another user's near-duplicate never comes back.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { recallForUser, SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'

/** A store over a fresh tenant holding these lessons ([user, content]). */
async function storeWith(lessons: [string, string][]): Promise<PgLessonStore> {
  const prisma = await getPrisma()
  const tenantId = `gloss-${crypto.randomUUID()}`
  await prisma.tenant.create({ data: { id: tenantId, name: tenantId, slug: tenantId } })
  const store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder() })
  for (const [user, content] of lessons) await store.put({ content, metadata: { user_id: user } })
  return store
}

const haiku = 'A haiku has three lines of five, seven and five syllables; count them before answering.'

describe('recall across Chinese and English on PostgreSQL', () => {
  const backup = 'Before restarting a production database, confirm that a recent backup exists and has been restored.'
  const tax = '计算个人所得税时，先扣除专项附加扣除，再按累进税率计算。'
  let store: PgLessonStore

  beforeAll(async () => {
    store = await storeWith([
      ['ada', backup],
      ['ada', 'Charts of monthly revenue must start the y-axis at zero and label the currency.'],
      [SHARED_LESSON, haiku],
      [SHARED_LESSON, tax],
      [SHARED_LESSON, '写周报时，先列出本周完成的结果，再写下周计划。'],
      ['mallory', 'Before restarting a production database, take a backup and tell the on-call engineer.'],
    ])
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

describe('recall across languages through the lexicons, on PostgreSQL', () => {
  const lessons = {
    temperature: 'When converting a temperature, always state the original unit and the target unit.',
    backup: 'Vor dem Neustart einer Produktionsdatenbank prüfen, ob ein aktuelles Backup existiert.',
    medicine: 'Al explicar la dosis de un medicamento, recomienda siempre consultar al médico o farmacéutico.',
    meeting: '日程を提案するときは、必ずタイムゾーンを明記する。',
    walk: 'When a user asks for a relaxed walking tour, plan at most three stops.',
  }
  let store: PgLessonStore

  beforeAll(async () => {
    store = await storeWith([
      [SHARED_LESSON, lessons.temperature],
      ['ada', lessons.backup],
      [SHARED_LESSON, lessons.medicine],
      [SHARED_LESSON, lessons.meeting],
      ['ada', lessons.walk],
      [SHARED_LESSON, haiku],
      [SHARED_LESSON, 'Charts of monthly revenue must start the y-axis at zero and label the currency.'],
      ['mallory', 'Antes de reiniciar una base de datos de producción, haz una copia y avisa a la guardia.'],
    ])
  }, 120_000)

  it.each([
    ['Combien font 30 degrés Celsius en Fahrenheit ?', lessons.temperature],
    ['Quanti gradi Fahrenheit sono 25 gradi Celsius?', lessons.temperature],
    ['We need to restart the main production database tonight.', lessons.backup],
    ['Нужно перезапустить основную базу данных сегодня ночью.', lessons.backup],
    ['Qual é a dose de ibuprofeno para uma criança de cinco anos?', lessons.medicine],
    ['Schedule a call with the Tokyo and Berlin teams next week.', lessons.meeting],
    ['서울과 런던 팀원들과 화상회의 시간을 잡아 주세요.', lessons.meeting],
    ['Organise une balade tranquille à pied dans Lyon.', lessons.walk],
  ])('%s → its lesson first, never another user’s twin', async (task, lesson) => {
    const hits = await recallForUser(store, task, 'ada', 5)
    expect(hits[0]?.content).toBe(lesson)
    expect(hits.some((hit) => hit.metadata.user_id === 'mallory')).toBe(false)
  })

  it('an unrelated task in another language recalls nothing', async () => {
    for (const prompt of [
      '¿Quién pintó la Mona Lisa?',
      'Wie hoch ist der Mount Everest?',
      'Raconte-moi une blague sur les chats.',
      '富士山の高さはどれくらいですか？',
      'Сколько лет живут черепахи?',
    ])
      expect(await recallForUser(store, prompt, 'ada', 5), prompt).toEqual([])
  })
})
