export * from './logger'
