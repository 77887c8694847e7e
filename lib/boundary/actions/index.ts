// Server barrel. Tests and lib code that must stay free of Next.js import ./define directly.
export * from './define'
export * from './form-input'
export * from './storable-text'
export * from './action'
export * from './day-range'
export * from './form-tenant'
