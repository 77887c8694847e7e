/** Turns texts into vectors; the product may implement it over an embedding model. */
export interface Embedder {
  /** A stable identifier of the embedding space (model and dimensions). */
  readonly id: string
  readonly dimensions: number
  embed(texts: string[]): Promise<number[][]>
  /**
   * For embedders that mix a meaning part and a word-overlap part: how much of a text's vector is
   * meaning (0..1). Word overlap gives lower cosines, so a relevance floor moves with it.
   */
  semanticShare?(text: string): number
  /**
   * For embedders with a hashed word part: a query's similarity to a lesson with that part computed
   * exactly from the two texts, without the chance collisions of hashing (recall re-scores the
   * candidates of tasks it compares by words).
   */
  exactSimilarity?(query: string, lesson: string, similarity: number): number
  /**
   * The text whose words recall's keyword channel compares (`sharedKeywords`): for an embedder that
   * reads other languages through an English gloss, the gloss. Without it, the text itself.
   */
  keywordText?(text: string): string
}
