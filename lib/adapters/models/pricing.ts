/** Model prices live in the engine (`lib/core/reflexion/pricing`); kept here so existing imports stay valid. */
export * from '../../core/reflexion/pricing'
