/** Retry and timeouts for provider calls live in the engine (`lib/reflexion/retry`); kept here so existing imports stay valid. */
export * from '../reflexion/retry'
