import { beforeAll, describe, expect, it } from 'vitest'
import {
  buildDictionary,
  glossChinese,
  isChineseText,
  loadChineseDictionary,
  mainGloss,
  type ChineseDictionary,
} from '../../../lib/adapters/embedders/chinese-gloss'

describe('mainGloss (the main English sense of a CC-CEDICT entry)', () => {
  it('drops parentheticals, "to " of verbs, "sb"/"sth" and what follows the first ";"', () => {
    expect(mainGloss(['(computing) database'])).toBe('database')
    expect(mainGloss(['to restart (a machine etc); to reactivate'])).toBe('restart')
    expect(mainGloss(['to give sb sth', 'to grant'])).toBe('give')
  })

  it('skips variant notes, references and classifiers to reach the first sense of its own', () => {
    expect(mainGloss(['old variant of 幫|帮[bang1]', 'CL:個|个[ge4]', 'to help', 'to assist'])).toBe('help')
    expect(mainGloss(['used in 寫意|写意[xie4 yi4]'])).toBeNull()
  })

  it('gives "" for a grammatical word whose first sense is only a note', () => {
    expect(mainGloss(['(completed action marker)', 'to finish'])).toBe('')
  })
})

/** A small dictionary in the package's raw entry format, to test segmentation on known words. */
const small: ChineseDictionary = buildDictionary([
  ['數據', '数据', 'shu4 ju4', ['data']],
  ['數據庫', '数据库', 'shu4 ju4 ku4', ['(computing) database']],
  ['庫', '库', 'ku4', ['warehouse']],
  ['重啟', '重启', 'chong2 qi3', ['to restart (a machine etc)']],
  ['的', '的', 'de5', ["of; ~'s (possessive particle)"]],
  ['了', '了', 'le5', ['(completed action marker)']],
  ['張', '张', 'Zhang1', ['surname Zhang']],
  ['張', '张', 'zhang1', ['to open up; to spread']],
  ['北京', '北京', 'Bei3 jing1', ['Beijing, capital of the PRC']],
])

describe('glossChinese (longest dictionary match, word by word)', () => {
  it('takes the longest word at each position, not its parts', () => {
    expect(glossChinese('重启数据库', small)).toBe('restart database')
  })

  it('falls back to single characters and drops those the dictionary lacks', () => {
    expect(glossChinese('库的数据丢了吗', small)).toBe('warehouse of data')
  })

  it('keeps Latin words and numbers in place and drops punctuation, also full-width', () => {
    expect(glossChinese('重启MySQL 8的数据库！（马上）', small)).toBe('restart MySQL 8 of database')
  })

  it('reads traditional characters like simplified ones', () => {
    expect(glossChinese('重啟數據庫', small)).toBe(glossChinese('重启数据库', small))
  })

  it('prefers a common word over a proper name, but knows names that are only names', () => {
    expect(glossChinese('张', small)).toBe('open up')
    expect(glossChinese('北京', small)).toBe('Beijing')
  })

  it('gives nothing for a text without words', () => {
    expect(glossChinese('。！？…', small)).toBe('')
  })
})

describe('isChineseText (which texts are glossed)', () => {
  it('is Chinese with Han characters and no kana or Hangul', () => {
    expect(isChineseText('帮我写周报')).toBe(true)
    expect(isChineseText('用Python写脚本')).toBe(true)
    expect(isChineseText('日程を提案するときは')).toBe(false)
    expect(isChineseText('회의록을 요약해 주세요')).toBe(false)
    expect(isChineseText('Write a haiku')).toBe(false)
  })
})

describe('the CC-CEDICT dictionary shipped in the package', () => {
  let dictionary: ChineseDictionary
  // Reading and compacting ~124,000 entries takes ~0.5-1.5 s, more on a busy machine.
  beforeAll(async () => {
    dictionary = await loadChineseDictionary()
  }, 120_000)

  it('is loaded once per process', async () => {
    expect(await loadChineseDictionary()).toBe(dictionary)
  })

  it('glosses a mixed Chinese/English technical task into English words the encoder knows', () => {
    const gloss = glossChinese('重启生产环境的MySQL数据库服务器', dictionary)
    expect(gloss.split(' ')).toEqual(expect.arrayContaining(['restart', 'MySQL', 'database', 'server']))
  })

  it('glosses traditional characters (Taiwan and Hong Kong) too', () => {
    expect(glossChinese('天氣', dictionary)).toBe(glossChinese('天气', dictionary))
    expect(glossChinese('天氣', dictionary)).toBe('weather')
  })
})
