export * from './key-secret'
export * from './api-key-forms'
