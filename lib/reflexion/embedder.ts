/** Turns texts into vectors; the product may implement it over an embedding model. */
export interface Embedder {
  /** A stable identifier of the embedding space (model and dimensions). */
  readonly id: string
  readonly dimensions: number
  embed(texts: string[]): Promise<number[][]>
}
