export * from './sign-in-policy'
export * from './sign-in-attempts'
export * from './sign-up-policy'
export * from './sign-up-attempts'
