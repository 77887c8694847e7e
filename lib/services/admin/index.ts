// Server barrel of the admin area's services and forms: tenant settings, provider key removal, run quotas, audit search.
export * from './tenant-settings'
export * from './provider-key-removal'
export * from './member-quotas'
export * from './audit-search'
export * from './settings-forms'
