export * from './sign-in-policy'
export * from './sign-in-attempts'
