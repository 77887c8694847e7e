/**
 * The redaction hook: runs over every value before Reflection renders it, so secrets and e-mail
 * addresses in event payloads never reach a querying agent's context (or its transcript).
 */
import { maskPhoneNumbers } from './phone-numbers'

/** Masks text, and says which field names have their whole value masked. */
export type Redactor = {
  redactText(text: string): string
  isSensitiveField(field: string): boolean
}

/** What `createRedactor` masks; every class is on by default. */
export type RedactorOptions = { emails?: boolean; phones?: boolean; secrets?: boolean; extraPatterns?: RegExp[] }

/** The mask that replaces a whole sensitive value. */
export const REDACTED = '[redacted]'

const SECRET_PATTERNS: [RegExp, string][] = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, '[redacted:private-key]'],
  [
    /\b(postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver):\/\/([^:/\s@]*):([^@\s]+)@/gi,
    '$1://$2:[redacted]@',
  ],
  [/\bsk-ant-[A-Za-z0-9_-]{8,}/g, '[redacted:api-key]'],
  // Secret-key shapes of any provider: sk-…, sk_live_…, rk_test_… (8+ characters after the prefix).
  [/\b[sr]k[-_][A-Za-z0-9_-]{8,}/g, '[redacted:api-key]'],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, '[redacted:api-key]'],
  [/\b(?:hf_|glpat-|npm_|pypi-|shpat_|dop_v1_)[A-Za-z0-9_-]{16,}/g, '[redacted:api-key]'],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{12,}/gi, '[redacted:aws-key]'],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, '[redacted:github-token]'],
  [/\bxox[abposr]-[A-Za-z0-9-]{10,}/g, '[redacted:slack-token]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, '[redacted:jwt]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, '$1 [redacted]'],
  // Any other authorization scheme (`Authorization: Token …`), and the header's bare value.
  [
    /\b(authorization["']?\s*[:=]\s*["']?)(?!(?:Bearer|Basic)\s+\[redacted)(?:[A-Za-z]+\s+)?[A-Za-z0-9._~+/=-]{8,}/gi,
    '$1[redacted]',
  ],
  [
    /("(?:password|passwd|pwd|secret|client_secret|token|access_token|refresh_token|api_?key|apiKey|authorization)"\s*:\s*")(?:[^"\\]|\\.)*(")/gi,
    '$1[redacted]$2',
  ],
  [
    /\b(password|passwd|pwd|secret|client_secret|token|access_token|refresh_token|api_?key|apikey)(\s*[=:]\s*)(?!\[redacted)[^\s"'&,;)}\]]+/gi,
    '$1$2[redacted]',
  ],
  // Names that end in (or carry) a secret word: OPENAI_API_KEY=…, aws_secret_access_key=…, x-api-key: …
  [
    /\b([A-Za-z0-9]+[_-](?:[A-Za-z0-9]+[_-])*(?:secret|token|api[_-]?key|access[_-]?key|private[_-]?key|password)(?:[_-][A-Za-z0-9_-]*)?|(?:secret|token|api|access|private)[_-](?:[A-Za-z0-9]+[_-])*key)(\s*[=:]\s*)(?!\[redacted)[^\s"'&,;)}\]]{4,}/gi,
    '$1$2[redacted]',
  ],
]
const EMAIL_PATTERN: [RegExp, string] = [
  /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g,
  '[redacted:email]',
]

const SENSITIVE_EXACT = new Set(['token', 'auth', 'cookie', 'pwd', 'credentials', 'credential'])
const SENSITIVE_SUFFIXES = [
  'password',
  'passwd',
  'secret',
  'apikey',
  'accesstoken',
  'refreshtoken',
  'authtoken',
  'bearertoken',
  'sessiontoken',
  'idtoken',
  'apitoken',
  'privatekey',
  'authorization',
  'connectionstring',
  'databaseurl',
]

/** Whether a field name holds a secret as a whole (`password`, `apiKey`, `client_secret`, `authorization`…). */
export function isSensitiveFieldName(field: string): boolean {
  const normalized = field.toLowerCase().replace(/[_-]/g, '')
  return SENSITIVE_EXACT.has(normalized) || SENSITIVE_SUFFIXES.some((suffix) => normalized.endsWith(suffix))
}

/** A redactor masking API keys, tokens, credentials in connection strings, e-mail addresses and phone numbers, as configured. */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const { emails = true, phones = true, secrets = true, extraPatterns = [] } = options
  const patterns: [RegExp, string][] = [
    ...(secrets ? SECRET_PATTERNS : []),
    ...(emails ? [EMAIL_PATTERN] : []),
    ...extraPatterns.map((pattern): [RegExp, string] => [
      new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
      REDACTED,
    ]),
  ]
  return {
    redactText(text) {
      let result = text
      for (const [pattern, replacement] of patterns) result = result.replace(pattern, replacement)
      return phones ? maskPhoneNumbers(result, '[redacted:phone]') : result
    },
    isSensitiveField: (field) => secrets && isSensitiveFieldName(field),
  }
}

/** The redactor Reflection uses unless told otherwise: secrets, e-mails and phone numbers masked. */
export const defaultRedactor: Redactor = createRedactor()

/** A redactor that changes nothing (`redact: false`). */
export const noRedactor: Redactor = { redactText: (text) => text, isSensitiveField: () => false }

/** Redacts a value deeply: strings through the text patterns, sensitive fields masked whole. */
export function redactValue(value: unknown, redactor: Redactor, field?: string): unknown {
  if (field !== undefined && value !== null && value !== undefined && redactor.isSensitiveField(field)) return REDACTED
  if (typeof value === 'string') return redactor.redactText(value)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redactor))
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) result[key] = redactValue(item, redactor, key)
    return result
  }
  return value
}
