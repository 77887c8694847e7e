/** Model prices live in the engine (`lib/reflexion/pricing`); kept here so existing imports stay valid. */
export * from '../reflexion/pricing'
