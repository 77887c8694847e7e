// Tasks and lessons in other languages meet through the lexicon gloss, on PostgreSQL, through the
// real PgLessonStore and the offline default embedder: a Spanish, French, German, Italian,
// Portuguese, Russian, Japanese or Korean task recalls its lesson in another language, an unrelated
// task in those languages recalls nothing, and another user's near-duplicate never comes back.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { getPrisma } from '../../../lib/adapters/db/client'
import { defaultEmbedder } from '../../../lib/services/lessons/embedders'
import { PgLessonStore } from '../../../lib/services/lessons/pg-lesson-store'
import { recallForUser, SHARED_LESSON } from '../../../lib/core/reflexion/lesson-modes'

const lessons = {
  temperature: 'When converting a temperature, always state the original unit and the target unit.',
  backup: 'Vor dem Neustart einer Produktionsdatenbank prüfen, ob ein aktuelles Backup existiert.',
  medicine: 'Al explicar la dosis de un medicamento, recomienda siempre consultar al médico o farmacéutico.',
  meeting: '日程を提案するときは、必ずタイムゾーンを明記する。',
  walk: 'When a user asks for a relaxed walking tour, plan at most three stops.',
}

describe('recall across languages through the lexicon gloss, on PostgreSQL', () => {
  let store: PgLessonStore
  const tenantId = `lexicon-${crypto.randomUUID()}`

  beforeAll(async () => {
    const prisma = await getPrisma()
    await prisma.tenant.create({ data: { id: tenantId, name: tenantId, slug: tenantId } })
    store = new PgLessonStore({ prisma, tenantId, embedder: defaultEmbedder() })
    const rows: [string, string][] = [
      [SHARED_LESSON, lessons.temperature],
      ['ada', lessons.backup],
      [SHARED_LESSON, lessons.medicine],
      [SHARED_LESSON, lessons.meeting],
      ['ada', lessons.walk],
      [SHARED_LESSON, 'A haiku has three lines of five, seven and five syllables; count them before answering.'],
      [SHARED_LESSON, 'Charts of monthly revenue must start the y-axis at zero and label the currency.'],
      ['mallory', 'Antes de reiniciar una base de datos de producción, haz una copia y avisa a la guardia.'],
    ]
    for (const [user, content] of rows) await store.put({ content, metadata: { user_id: user } })
  }, 120_000)

  it.each([
    ['Combien font 30 degrés Celsius en Fahrenheit ?', lessons.temperature],
    ['Quanti gradi Fahrenheit sono 25 gradi Celsius?', lessons.temperature],
    ['We need to restart the main production database tonight.', lessons.backup],
    ['Нужно перезапустить основную базу данных сегодня ночью.', lessons.backup],
    ['Qual é a dose de ibuprofeno para uma criança de cinco anos?', lessons.medicine],
    ['Schedule a call with the Tokyo and Berlin teams next week.', lessons.meeting],
    ['서울과 런던 팀원들과 화상회의 시간을 잡아 주세요.', lessons.meeting],
    ['Prépare une visite guidée à pied, tranquille, de Lyon.', lessons.walk],
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
