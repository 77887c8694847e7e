import { beforeAll, describe, expect, it, vi } from 'vitest'
import { offlineEmbedder } from '../../../lib/services/lessons/embedders'
import { MeaningEmbedder } from '../../../lib/adapters/embedders/meaning-embedder'
import { LEXICONS_VERSION } from '../../../lib/adapters/embedders/lexicon'
import {
  ENCODER_CHARACTERS,
  ENCODER_WORDS,
  encodeSentences,
  encoderInput,
  loadSentenceEncoder,
} from '../../../lib/adapters/embedders/sentence-encoder'
import { cosineSimilarity } from '../../../lib/core/reflexion/hash-embedder'
import { englishShare, lexicalSimilarity, sharedKeywords } from '../../../lib/core/reflexion/text-features'

const embedder = new MeaningEmbedder()

// Loading the encoder's weights takes ~0.5 s alone, several seconds on a busy machine.
beforeAll(() => loadSentenceEncoder(), 120_000)
// A language's first text reads its lexicon and builds its stem table: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 })

describe('MeaningEmbedder (offline sentence encoder + hashed words and CJK bigrams)', () => {
  it('gives unit vectors of 512 + 1,024 dimensions, the same for the same text', async () => {
    const [first, again] = await embedder.embed(['Plan an easy walk.', 'Plan an easy walk.'])
    expect(embedder.dimensions).toBe(1536)
    expect(first).toHaveLength(1536)
    expect(first).toEqual(again)
    expect(Math.hypot(...first)).toBeCloseTo(1, 5)
    expect(embedder.id).toBe(`use-lite+hash-v4-1024@0.8+gloss-v${LEXICONS_VERSION}@0.7`)
    // The earlier embedders keep their ids (the vectors stored under them are re-embedded by the job).
    expect(new MeaningEmbedder({ glossWeight: 0 }).id).toBe('use-lite+hash-v4-1024@0.8')
    expect(offlineEmbedder('meaning:0.8:1024:0').id).toBe('use-lite+hash-v4-1024@0.8')
    expect(offlineEmbedder('meaning:0.8:1024:0.7:zh').id).toBe('use-lite+hash-v4-1024@0.8+zh-gloss@0.7')
    expect(offlineEmbedder('meaning:0.8:1024:0.5').id).toBe(`use-lite+hash-v4-1024@0.8+gloss-v${LEXICONS_VERSION}@0.5`)
  })

  it('finds a lesson from a task that shares no content word with it (meaning, not words)', async () => {
    const [lesson, task, unrelated] = await embedder.embed([
      'When a user asks for a relaxed walking tour, plan at most three stops.',
      'Suggest a gentle stroll through Kyoto for my elderly parents.',
      'Write a SQL query that counts orders per day.',
    ])
    expect(cosineSimilarity(lesson, task)).toBeGreaterThan(cosineSimilarity(lesson, unrelated) + 0.04)
  })

  it('compares Chinese texts: a related task is nearer than an unrelated one', async () => {
    const [lesson, task, unrelated] = await embedder.embed([
      '写周报时，先列出本周完成的结果，再写下周计划。',
      '帮我写这周的工作周报。',
      '今天天气怎么样？',
    ])
    expect(cosineSimilarity(lesson, task)).toBeGreaterThan(cosineSimilarity(lesson, unrelated))
  })

  it('finds an English lesson from a Chinese task through its English gloss, and the other way round', async () => {
    const [lesson, unrelatedLesson, task, englishTask, chineseLesson] = await embedder.embed([
      'Before restarting a production database, confirm that a recent backup exists.',
      'A haiku has three lines of five, seven and five syllables.',
      '我们需要重启生产环境的主数据库服务器。',
      'Summarize what I finished this week in a status report.',
      '写周报时，先列出本周完成的结果，再写下周计划。',
    ])
    expect(cosineSimilarity(task, lesson)).toBeGreaterThan(cosineSimilarity(task, unrelatedLesson) + 0.1)
    expect(cosineSimilarity(englishTask, chineseLesson)).toBeGreaterThan(cosineSimilarity(englishTask, lesson))
    // Without the gloss the Chinese task and the English lesson share no feature and are far apart.
    const [plainLesson, plainTask] = await new MeaningEmbedder({ glossWeight: 0 }).embed([
      'Before restarting a production database, confirm that a recent backup exists.',
      '我们需要重启生产环境的主数据库服务器。',
    ])
    expect(cosineSimilarity(task, lesson)).toBeGreaterThan(cosineSimilarity(plainTask, plainLesson) + 0.2)
    expect(embedder.semanticShare('我们需要重启生产环境的主数据库服务器。')).toBe(1)
  })

  it('gives the sentence encoder no say over texts in languages it has no gloss for', () => {
    expect(englishShare('Write a haiku about the rain')).toBe(1)
    expect(englishShare('Escribe un correo formal a la universidad')).toBe(0)
    expect(englishShare('Κάνε μια περίληψη της αναφοράς')).toBe(0)
    expect(embedder.semanticShare('Suplanuok ramų pasivaikščiojimą Vilniuje mano seneliams.')).toBe(0)
    expect(embedder.semanticShare('Write a haiku about the rain')).toBe(1)
    // Without the lexicons, French was one of them.
    expect(new MeaningEmbedder({ lexicons: false }).semanticShare('Quelle est la hauteur de la tour Eiffel ?')).toBe(0)
  })

  it('reads a task in another language by its English gloss: it meets its English lesson, and the other way round', async () => {
    const lessons = [
      'When converting a temperature, always state the original unit and the target unit.',
      'Before restarting a production database, confirm that a recent backup exists.',
      'When explaining the dose of a medicine, always recommend asking a doctor or pharmacist.',
      'When scheduling a meeting across time zones, give the time in each participant’s zone.',
    ]
    const tasks = [
      'Combien font 30 degrés Celsius en Fahrenheit ?',
      'Wir müssen heute Nacht den Hauptserver der Datenbank neu starten.',
      '¿Puedo darle paracetamol a mi hijo de cinco años?',
      '海外チームとの打ち合わせ時間を決めたいので、候補を出して。',
      'Quanto paracetamolo posso dare a mia figlia di sei anni?',
      'Нужно перезапустить основную базу данных сегодня ночью.',
      'Posso dar paracetamol ao meu filho de cinco anos?',
      '서울과 런던 팀원들과 화상회의 시간을 잡아 주세요.',
    ]
    const expected = [0, 1, 2, 3, 2, 1, 2, 3]
    const vectors = await embedder.embed([...lessons, ...tasks])
    tasks.forEach((task, position) => {
      const similarities = lessons.map((_, lesson) =>
        cosineSimilarity(vectors[lessons.length + position], vectors[lesson]),
      )
      expect(similarities.indexOf(Math.max(...similarities)), task).toBe(expected[position])
      expect(embedder.semanticShare(task), task).toBe(1)
    })
    // The same tasks without the lexicons: most of them find no lesson at all (no shared word, no gloss).
    const plain = new MeaningEmbedder({ lexicons: false })
    const plainVectors = await plain.embed([...lessons, ...tasks])
    const gained = tasks.filter(
      (_, position) =>
        cosineSimilarity(vectors[lessons.length + position], vectors[expected[position]]) >
        cosineSimilarity(plainVectors[lessons.length + position], plainVectors[expected[position]]) + 0.1,
    )
    expect(gained.length).toBeGreaterThanOrEqual(6)
  })

  it('gives recall’s keyword channel the English gloss of a text in another language, an English text as it is', async () => {
    const french = 'Prépare une balade tranquille à pied dans Lyon.'
    await embedder.embed([french])
    expect(embedder.keywordText('Plan a relaxed walk.')).toBe('Plan a relaxed walk.')
    expect(embedder.keywordText(french)).toMatch(/\bwalk\b/)
    expect(sharedKeywords(embedder.keywordText(french), 'When a user asks for a relaxed walking tour')).toBeGreaterThan(
      0,
    )
  })

  it('keeps a unit vector for Chinese whose gloss is empty (a classifier and a particle)', async () => {
    const [particles] = await embedder.embed(['个了'])
    expect(Math.hypot(...particles)).toBeCloseTo(1, 5)
  })

  it('reads the opening of a long text: its first 1,000 words, at most 8,000 characters', async () => {
    const opening = Array.from({ length: ENCODER_WORDS }, (_, index) => (index % 2 ? 'walk' : 'city')).join(' ')
    const rest = ' restart the production database'.repeat(1_000)
    const [long, short] = await encodeSentences([opening + rest, opening])
    expect(long).toEqual(short)
    expect(encoderInput('x'.repeat(20_000))).toHaveLength(ENCODER_CHARACTERS)
    expect(encoderInput('Plan an easy walk.')).toBe('Plan an easy walk.')
  })

  it('embeds an empty text without failing', async () => {
    const [empty] = await embedder.embed([''])
    expect(empty).toHaveLength(1536)
  })
})

describe('MeaningEmbedder.exactSimilarity (the hashed part replaced by the exact word overlap)', () => {
  it('equals the exact lexical cosine for texts compared by words alone (a language without a gloss)', async () => {
    const [task, lesson] = [
      'Suplanuok ramų pasivaikščiojimą Vilniuje mano seneliams.',
      'Ramaus pasivaikščiojimo metu daryk ne daugiau kaip tris sustojimus.',
    ]
    const [left, right] = await embedder.embed([task, lesson])
    expect(embedder.exactSimilarity(task, lesson, cosineSimilarity(left, right))).toBeCloseTo(
      lexicalSimilarity(task, lesson),
      5,
    )
  })

  it('keeps the encoder part of a similarity and removes a chance collision of the hashed part', async () => {
    const [task, lesson] = [
      'Suplanuok ramų pasivaikščiojimą Vilniuje mano seneliams.',
      'Gwnewch grynodeb o adroddiad y chwarter.',
    ]
    const [left, right] = await embedder.embed([task, lesson])
    // Neither text is read by the encoder: both vectors are their hashed part, so no overlap means 0.
    expect(Math.abs(cosineSimilarity(left, right))).toBeGreaterThan(0)
    expect(embedder.exactSimilarity(task, lesson, cosineSimilarity(left, right))).toBeCloseTo(0, 5)
    const english = 'Plan an easy walk.'
    const [walk] = await embedder.embed([english])
    // An English pair keeps the similarity's encoder part: with the same text it stays 1.
    expect(embedder.exactSimilarity(english, english, cosineSimilarity(walk, walk))).toBeCloseTo(1, 5)
  })
})
