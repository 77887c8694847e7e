export * from './tenants'
export * from './outbound'
export * from './mail'
