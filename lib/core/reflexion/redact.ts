import { bound } from './prompts'

const SECRET_PATTERNS: RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{8,}/g,
  /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi,
  /\b(api[_-]?key|x-api-key|authorization|token|password)(["']?\s*[:=]\s*["']?)[^\s"',}]+/gi,
  /(\/\/[^/\s:@]+:)[^@\s/]+@/g,
]

/** An error's message with credentials masked and the length bounded, safe to write in the log. */
export function safeErrorMessage(error: unknown, limit = 500): string {
  let message = error instanceof Error ? error.message : String(error)
  message = message.replace(SECRET_PATTERNS[0], 'sk-***')
  message = message.replace(SECRET_PATTERNS[1], '$1 ***')
  message = message.replace(SECRET_PATTERNS[2], '$1$2***')
  message = message.replace(SECRET_PATTERNS[3], '$1***@')
  return bound(message, limit)
}
