export * from './schemas'
export * from './queries'
export * from './accounts'
export * from './forms'
