import 'server-only'
export * from './client'
export { DataDirLockedError } from './embedded'
