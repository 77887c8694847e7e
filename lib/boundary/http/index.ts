// Client-safe pieces of the HTTP boundary; route() itself is server-only: import it from './route'.
export * from './problem'
export * from './error-response'
