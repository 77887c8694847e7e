/** Retry and timeouts for provider calls live in the engine (`lib/core/reflexion/retry`); kept here so existing imports stay valid. */
export * from '../../core/reflexion/retry'
