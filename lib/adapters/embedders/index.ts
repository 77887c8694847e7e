import { glossLexicons } from './lexicon'
import { loadSentenceEncoder } from './sentence-encoder'

export * from './sentence-encoder'
export * from './meaning-embedder'
export * from './chinese-gloss'

/**
 * Loads the offline embedder's parts now, not inside the first run that embeds a lesson: the
 * sentence encoder, then every lexicon with its stem table, a slice at a time (a server stays
 * responsive meanwhile). Failures are left to the first real use, which reports them.
 */
export async function warmOfflineEmbedder(): Promise<void> {
  await loadSentenceEncoder()
  await glossLexicons().warm()
}
