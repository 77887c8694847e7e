export * from './tenants'
