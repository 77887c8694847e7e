/**
 * The language an answer is written in: Chinese when the question is mostly Chinese, else English.
 * Facts (quotes, `#index`, type names) are the same in both; only the sentences around them change.
 */

/** A language the offline agent answers in. */
export type AnswerLanguage = 'en' | 'zh'

/** Chinese when the text holds Han characters and few Latin words. */
export function languageOf(text: string): AnswerLanguage {
  const han = (text.match(/[\u4e00-\u9fff]/g) ?? []).length
  const latin = (text.match(/[A-Za-z]+/g) ?? []).length
  return han > 0 && han >= latin ? 'zh' : 'en'
}

/** Picks the sentence for the language. */
export const say = (language: AnswerLanguage, english: string, chinese: string): string =>
  language === 'zh' ? chinese : english

/** The one-sentence refusal for a question the log cannot answer. */
export const declineSentence = (language: AnswerLanguage): string =>
  say(language, "The log doesn't record that.", '日志里没有记录这一点。')
