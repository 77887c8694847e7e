// Client-safe barrel: the permission table, the caller type and pure guards. Server-only helpers
// (getSession, requireCaller, callerFromRequest, authOptions) live in ./session and ./options.
export * from './permissions'
export * from './caller'
export * from './guards'
export * from './active-tenant'
export * from './callback-url'
