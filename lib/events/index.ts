export * from './vocabulary'
export * from './cause'
export * from './event'
export * from './convert'
