export * from './scenarios'
export * from './demo-reply'
export * from './demo-model'
