export * from './write-audit'
export * from './queries'
