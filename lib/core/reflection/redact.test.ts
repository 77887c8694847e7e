import { describe, expect, it } from 'vitest'
import { LogBuilder } from './log-builder'
import { createRedactor, defaultRedactor, isSensitiveFieldName } from './redact'
import { Reflection } from './reflection'

const SECRETS = {
  openai: 'sk-proj-AbCdEfGhIjKlMnOpQrStUv123456',
  anthropic: 'sk-ant-api03-AbCdEfGhIjKlMnOp-XyZ',
  aws: 'AKIAIOSFODNN7EXAMPLE',
  github: 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  slack: 'xoxb-123456789012-abcdefghij',
  bearer: 'eyBearerTokenValue123456',
  dbPassword: 'Hunter2Pass',
  email: 'jane.doe@example.com',
}
const TEXT_CASES: [string, string, string][] = [
  ['OpenAI key', `key ${SECRETS.openai} used`, SECRETS.openai],
  ['Anthropic key', `ANTHROPIC=${SECRETS.anthropic}`, SECRETS.anthropic],
  ['AWS key', `aws ${SECRETS.aws}`, SECRETS.aws],
  ['GitHub token', `token ${SECRETS.github}`, SECRETS.github],
  ['Slack token', `slack ${SECRETS.slack}`, SECRETS.slack],
  ['bearer token', `Authorization: Bearer ${SECRETS.bearer}`, SECRETS.bearer],
  ['password=', `login failed password=${SECRETS.dbPassword}&user=x`, SECRETS.dbPassword],
  ['"password": "…"', `{"user":"x","password": "${SECRETS.dbPassword}"}`, SECRETS.dbPassword],
  ['secret field in text', `secret: ${SECRETS.dbPassword}`, SECRETS.dbPassword],
  ['postgres URL', `connect postgres://app:${SECRETS.dbPassword}@db.internal:5432/app failed`, SECRETS.dbPassword],
  ['mysql URL', `mysql://root:${SECRETS.dbPassword}@10.0.0.1/db`, SECRETS.dbPassword],
  ['mongodb+srv URL', `mongodb+srv://svc:${SECRETS.dbPassword}@cluster0.example.net/x`, SECRETS.dbPassword],
  ['redis URL', `redis://default:${SECRETS.dbPassword}@cache:6379`, SECRETS.dbPassword],
  ['e-mail', `contact ${SECRETS.email} please`, SECRETS.email],
  // Generic key shapes (issue #10.2): short sk- keys as providers echo them, other vendors' prefixes, headers.
  ['short sk- key in a 401', 'Incorrect API key provided: sk-abc123def456.', 'sk-abc123def456'],
  ['sk_live_ key', 'charge with sk_live_51HxYzAbCdEf0123456789', 'sk_live_51HxYzAbCdEf0123456789'],
  ['rk_test_ key', 'restricted rk_test_abcdefghijklmnop1234', 'rk_test_abcdefghijklmnop1234'],
  ['AKIA key run into text', 'aws AKIAIOSFODNN7EXAMPLEZZ here', 'AKIAIOSFODNN7EXAMPLEZZ'],
  ['lower-case akia key', 'id akiaiosfodnn7example', 'akiaiosfodnn7example'],
  ['Google API key', 'maps AIzaSyA-1234567890abcdefghijklmnopqrstu', 'AIzaSyA-1234567890abcdefghijklmnopqrstu'],
  ['Hugging Face token', 'hf_abcdefghijklmnopqrstuvwxyz1234 used', 'hf_abcdefghijklmnopqrstuvwxyz1234'],
  ['x-api-key header', 'x-api-key: 9f8e7d6c5b4a3f2e1d0c', '9f8e7d6c5b4a3f2e1d0c'],
  ['Authorization: Token', 'Authorization: Token 9f8e7d6c5b4a3f2e1d0c', '9f8e7d6c5b4a3f2e1d0c'],
  ['bearer in a curl line', 'curl -H "Authorization: Bearer ya29.a0AfH6SMBx"', 'ya29.a0AfH6SMBx'],
  ['env-style name', 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI'],
  ['OPENAI_API_KEY=', 'OPENAI_API_KEY=not-shaped-like-a-key-123', 'not-shaped-like-a-key-123'],
]

describe('generic key shapes leave ordinary text alone', () => {
  it.each([
    'max tokens: 500 used',
    'Token limits exceeded for this model',
    'the task-key: travel',
    'skeleton sk-learn',
    'input_tokens: 1200',
    'Asia trip, AKIA is a prefix',
    'the risk-management-plan is ready',
  ])('%s', (text) => expect(defaultRedactor.redactText(text)).toBe(text))
})

describe('defaultRedactor', () => {
  it.each(TEXT_CASES)('masks %s', (_, text, secret) => {
    const redacted = defaultRedactor.redactText(text)
    expect(redacted).not.toContain(secret)
    expect(redacted).toContain('[redacted')
  })

  it('keeps connection-string hosts and ordinary text', () => {
    expect(defaultRedactor.redactText(`postgres://app:${SECRETS.dbPassword}@db.internal:5432/app`)).toBe(
      'postgres://app:[redacted]@db.internal:5432/app',
    )
    expect(defaultRedactor.redactText('inputTokens: 120, score: 0.4')).toBe('inputTokens: 120, score: 0.4')
  })

  it('masks whole values of sensitive field names, not token counters', () => {
    for (const name of [
      'password',
      'apiKey',
      'api_key',
      'secret',
      'clientSecret',
      'token',
      'accessToken',
      'authorization',
      'dbPassword',
    ])
      expect(isSensitiveFieldName(name), name).toBe(true)
    for (const name of ['inputTokens', 'outputTokens', 'maxTokens', 'prompt', 'feedback'])
      expect(isSensitiveFieldName(name), name).toBe(false)
  })

  it('is configurable', () => {
    const noEmails = createRedactor({ emails: false })
    expect(noEmails.redactText(`${SECRETS.email} ${SECRETS.openai}`)).toBe(`${SECRETS.email} [redacted:api-key]`)
    const noSecrets = createRedactor({ secrets: false })
    expect(noSecrets.redactText(`${SECRETS.email} ${SECRETS.openai}`)).toBe(`[redacted:email] ${SECRETS.openai}`)
    expect(noSecrets.isSensitiveField('password')).toBe(false)
    const extra = createRedactor({ extraPatterns: [/ACME-\d{4}/] })
    expect(extra.redactText('order ACME-1234 and ACME-5678')).toBe('order [redacted] and [redacted]')
  })
})

function secretLog() {
  const log = new LogBuilder()
  const seed = log.seed('run.submitted', {
    prompt: `Email ${SECRETS.email} the report`,
    userId: 'u-1',
    apiKey: SECRETS.openai,
  })
  const started = log.by(seed, 'reflexion', 'reflexion.attempt_started', { attempt: 1, maxAttempts: 1 })
  const call = log.by(started, 'react', 'agent.model_called', {
    role: 'agent',
    text: `use ${SECRETS.anthropic}`,
    usage: { inputTokens: 5, outputTokens: 1 },
    headers: { authorization: `Bearer ${SECRETS.bearer}` },
  })
  log.framework('run.handler_raised', {
    handler: 'react',
    source_event: call,
    error: `connect postgres://app:${SECRETS.dbPassword}@db:5432 failed; aws ${SECRETS.aws}; gh ${SECRETS.github}; slack ${SECRETS.slack}`,
    password: SECRETS.dbPassword,
  })
  log.by(3, 'reflexion', 'run.interrupted', { reason: 'provider_error', detail: `token=${SECRETS.github}` })
  return log.events
}

describe('redaction in every rendering', () => {
  const all = Object.values(SECRETS)
  const reflection = Reflection.fromEvents(secretLog())
  const outputs = {
    context: reflection.context({ tail: 5 }),
    list: reflection.query({ op: 'list' }),
    filter: reflection.query({ op: 'filter', type: 'Event' }),
    overview: reflection.query({ op: 'overview' }),
    state: reflection.query({ op: 'state' }),
    get0: reflection.query({ op: 'get', index: 0 }),
    get2: reflection.query({ op: 'get', index: 2 }),
    get3: reflection.query({ op: 'get', index: 3 }),
    get4: reflection.query({ op: 'get', index: 4 }),
    evidence3: reflection.query({ op: 'evidence', index: 3 }),
    evidence4: reflection.query({ op: 'evidence', index: 4 }),
    cause4: reflection.query({ op: 'cause', index: 4 }),
  }

  it.each(Object.entries(outputs))('%s shows no secret and no e-mail', (_, text) => {
    for (const secret of all) expect(text).not.toContain(secret)
  })

  it('masks whole sensitive fields and keeps the rest readable', () => {
    expect(outputs.get0).toContain('  apiKey: "[redacted]"')
    expect(outputs.get0).toContain('  prompt: "Email [redacted:email] the report"')
    expect(outputs.get3).toContain('  password: "[redacted]"')
    expect(outputs.get3).toContain('postgres://app:[redacted]@db:5432 failed')
    expect(outputs.get2).toContain('"authorization":"[redacted]"')
  })

  it('can be turned off', () => {
    const raw = Reflection.fromEvents(secretLog(), { redact: false })
    expect(raw.query({ op: 'get', index: 0 })).toContain(SECRETS.openai)
    expect(raw.query({ op: 'get', index: 3 })).toContain(SECRETS.dbPassword)
  })
})
