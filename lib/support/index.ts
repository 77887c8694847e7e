export * from './diagnose-run'
export * from './support-agent'
export * from './support-prompt'
export * from './recording-tool'
export * from './tool-output'
export * from './collect-attempts'
export * from './explain-interruption'
// Client-safe additions for the product side (the server-only wiring — session, support-queries,
// chat-response, timeline-page — is imported by path).
export * from './question-input'
export * from './tenant-redaction'
export * from './chat-parts'
export * from './answer-parts'
export * from './timeline-row'
