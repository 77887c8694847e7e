/** The Snowball stemmers (pure JavaScript, no types of their own): only what the gloss uses. */
declare module 'snowball-stemmers' {
  type Stemmer = { stem(word: string): string }
  const snowball: { newStemmer(algorithm: string): Stemmer; algorithms(): string[] }
  export default snowball
}
