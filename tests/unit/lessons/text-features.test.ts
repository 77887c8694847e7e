import { describe, expect, it } from 'vitest'
import { HashEmbedder, cosineSimilarity } from '../../../lib/core/reflexion/hash-embedder'
import {
  contentTerms,
  englishShare,
  lexicalSimilarity,
  sharedKeywords,
  sharedTerms,
  textFeatures,
} from '../../../lib/core/reflexion/text-features'

const words = (text: string) => textFeatures(text).filter(({ feature }) => feature.startsWith('w:'))

describe('lexical features of recall (multilingual)', () => {
  it('compares Latin-script words without their accents', () => {
    expect(sharedTerms('conversion de température', 'temperature conversion')).toBeGreaterThanOrEqual(2)
    expect(words('Müller Größe café').map(({ feature }) => feature)).toEqual(['w:muller', 'w:große', 'w:cafe'])
  })

  it("drops single letters: French elisions and the possessive 's are not shared words", () => {
    // "l'Australie" and "l'unité" once shared the word "l", and a capital-city question recalled a lesson.
    expect(sharedTerms("Quelle est la capitale de l'Australie ?", "indiquez l'unité d'origine")).toBe(0)
    expect(contentTerms("the user's region").has('w:s')).toBe(false)
    expect(contentTerms('plan 3 stops').has('w:3')).toBe(true)
  })

  it('lets words with one stem meet: compounds and inflections ("Cronjob", "Cron-Ausdrücken")', () => {
    expect(sharedTerms('Ich brauche einen Cronjob um 6 Uhr.', 'Bei Cron-Ausdrücken die Zeitzone angeben.')).toBe(1)
    expect(sharedTerms('Fasse das Protokoll zusammen.', 'Eine Zusammenfassung auf Deutsch.')).toBe(1)
    expect(sharedTerms('Fasse das Protokoll zusammen.', 'Rotate API keys first.')).toBe(0)
  })

  it('lets an English word meet its inflections: plurals, -ing and -ed forms share one stem', () => {
    // The light suffix fold cut "slides" to "slid" and "notes" to "not": a plural never met its singular.
    expect(sharedTerms('Prepare a slide deck', 'Presentation slides should be short')).toBeGreaterThanOrEqual(1)
    expect(sharedTerms('Take meeting notes', 'a note on each decision')).toBeGreaterThanOrEqual(1)
    expect(sharedTerms('creating the release', 'created releases')).toBeGreaterThanOrEqual(2)
    expect(contentTerms('meeting notes').has('w:not')).toBe(false)
    expect(contentTerms('plan 3 stops').has('w:3')).toBe(true)
  })

  it('counts the keywords a lesson shares with a task: stemmed words and CJK bigrams, each once', () => {
    expect(sharedKeywords('Prepare the slides, then more slides', 'Presentation slides need a large font')).toBe(1)
    expect(sharedKeywords('restart the database', 'Before restarting a production database')).toBe(2)
    expect(sharedKeywords('重启数据库', '重启前先备份数据库')).toBeGreaterThanOrEqual(2)
    expect(sharedKeywords('What is the capital of France?', 'Round currency amounts at the end.')).toBe(0)
  })

  it('tells a Spanish, French or German text from English by accents and function words', () => {
    expect(englishShare('¿Cada cuántas horas puedo tomar amoxicilina?')).toBe(0)
    expect(englishShare('Il fait froid, ça fait combien en Fahrenheit ?')).toBe(0)
    expect(englishShare('Bitte fasse das Protokoll kurz zusammen.')).toBe(0)
    expect(englishShare('How many hours apart can I take the pills?')).toBe(1)
  })

  it('gives texts that share no feature an exact lexical similarity of 0, where hashing can collide', () => {
    const german = 'Fasse den Bericht über das Quartalsergebnis kurz zusammen.'
    const chinese = '计算个人所得税时，先扣除专项附加扣除，再按累进税率计算。'
    expect(lexicalSimilarity(german, chinese)).toBe(0)
    const hash = new HashEmbedder()
    // The hashed approximation of the same pair is not 0 (buckets shared by chance).
    expect(cosineSimilarity(hash.embedOne(german), hash.embedOne(chinese))).not.toBe(0)
    expect(hash.exactSimilarity(german, chinese)).toBe(0)
  })

  it('computes the lexical cosine the hashed vectors approximate: 1 for the same text, between 0 and 1 for overlap', () => {
    const lesson = '写周报时，先列出本周完成的结果，再写下周计划。'
    expect(lexicalSimilarity(lesson, lesson)).toBeCloseTo(1, 10)
    const overlap = lexicalSimilarity('帮我写这周的工作周报。', lesson)
    expect(overlap).toBeGreaterThan(0.1)
    expect(overlap).toBeLessThan(1)
    expect(lexicalSimilarity('', lesson)).toBe(0)
  })
})
