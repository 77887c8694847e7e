export * from './sentence-encoder'
export * from './meaning-embedder'
export * from './chinese-gloss'
