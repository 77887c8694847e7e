export * from './tenants'
export * from './outbound'
