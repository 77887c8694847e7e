export * from './tenants'
export * from './outbound'
export * from './mail'
export * from './both-databases'
