import { z } from 'zod'
import { parseTrustedProxies } from './services/auth/client-address'
import { parseAllowList } from './adapters/net/allow-list'

/**
 * The environment, validated once. Nothing else reads process.env: import `env` from here.
 * next.config.js imports this module, so a bad environment fails the build and the start.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** PostgreSQL server; without it the app runs on the embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Folder of the embedded database and of generated local secrets. */
  DATA_DIR: z.string().min(1).default('.data'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface the server listens on; unset = loopback in development, every interface in production. (Not HOSTNAME: shells and containers set that to the machine name.) */
  LISTEN_HOST: z.string().min(1).optional(),
  /** Open connections the server accepts at once; more are refused (slow clients cannot exhaust it). */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** Public base URL (Auth.js callback and invitation links). */
  NEXTAUTH_URL: z.url().optional(),
  /** Signs session tokens; generated into DATA_DIR when absent outside production. */
  NEXTAUTH_SECRET: z.string().min(32).optional(),
  /** 32-byte key (base64 or hex) for provider keys at rest; generated into DATA_DIR when absent outside production. */
  SECRETS_KEY: z.string().min(32).optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  COMPATIBLE_BASE_URL: z.url().optional(),
  COMPATIBLE_API_KEY: z.string().min(1).optional(),
  /** Default model for runs, e.g. `openai:gpt-4.1-mini`; unset = the offline demo model. */
  DEFAULT_MODEL: z.string().min(1).optional(),
  /** `inprocess` runs jobs in the app process (default on the embedded database), `off` leaves them to `npm run worker`. */
  RUN_WORKER: z.enum(['inprocess', 'off']).optional(),
  /** Concurrent runs per worker process, and per tenant across workers. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** On SIGTERM, how long a worker waits for running runs to reach an attempt boundary before it exits anyway. */
  WORKER_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** PostgreSQL used by integration tests (must be on this machine). */
  TEST_DATABASE_URL: z.string().optional(),
  /** A JSON file of the operator's stdio MCP servers (commands the UI can never set); see lib/services/tools/operator-servers.ts. */
  TOOLS_CONFIG: z.string().min(1).optional(),
  /**
   * Rate limits on work one person or one organisation can start (0 = off): runs each member may
   * submit per minute, runs per organisation per minute, support questions each user may ask per
   * minute. They keep one busy account from crowding out everyone else; daily quotas are per tenant.
   */
  RUNS_PER_MEMBER_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(30),
  RUNS_PER_TENANT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  SUPPORT_QUESTIONS_PER_USER_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Requests per minute each API key may make (the public API's per-key rate limit). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Outbound addresses allowed although not public (comma list of host names, host:port, addresses or
   * CIDR ranges), for a provider or tool on the operator's own network. Empty: only public addresses.
   */
  OUTBOUND_ALLOW: z
    .string()
    .optional()
    .superRefine((value, context) => {
      try {
        parseAllowList(value)
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message })
      }
    }),
  /**
   * The reverse proxies in front of the server (comma list of addresses or CIDR ranges, or `loopback`),
   * whose X-Forwarded-For is believed; the sign-in limits count the client address it gives.
   * Empty: the socket's peer is the client (a proxy's clients would all share its address).
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, context) => {
      try {
        parseTrustedProxies(value)
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message })
      }
    }),
  /** Bearer token that `GET /api/metrics` (and a worker's metrics port) require; unset = metrics are off. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Port on which `npm run worker` serves its own /metrics (same token); unset = none. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** OTLP/HTTP endpoint for traces (e.g. http://collector:4318); unset = no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** OpenID Connect sign-in (Okta, Entra ID, Keycloak, Google Workspace…): the issuer URL; unset = no SSO. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The sign-in button's label, e.g. `Okta` (default: single sign-on). */
  OIDC_DISPLAY_NAME: z.string().min(1).max(60).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** `open`: anyone may create an organisation at /signup; `invite-only`: only invitations make accounts. */
  SIGNUP: z.enum(['open', 'invite-only'], { error: 'SIGNUP is `open` or `invite-only`.' }).default('open'),
  /** Sign-up requests (and invitations accepted with a new account) per client address per hour. */
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Mail server, e.g. `smtps://user:password@mail.example.com:465` or `smtp://relay.internal:25`; unset = mails
   * stay in the mail_outbox table (and the development mail viewer at /dev/mail lists them).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL is an smtp:// or smtps:// URL.' }).optional(),
  /** The From of every mail, e.g. `Reflexion Studio <no-reply@example.com>` (default: no-reply at NEXTAUTH_URL's host). */
  MAIL_FROM: z.string().min(3).max(200).optional(),
})

export type Env = z.infer<typeof schema>

function parse(source: NodeJS.ProcessEnv): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = schema.safeParse(blanksRemoved)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')
    throw new Error(`Invalid environment:\n${problems}`)
  }
  const oidc = [result.data.OIDC_ISSUER, result.data.OIDC_CLIENT_ID, result.data.OIDC_CLIENT_SECRET]
  if (oidc.some(Boolean) && !oidc.every(Boolean))
    throw new Error(
      'Invalid environment:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none',
    )
  if (result.data.NODE_ENV === 'production' && result.data.DATABASE_URL) {
    for (const name of ['NEXTAUTH_SECRET', 'SECRETS_KEY'] as const) {
      if (!result.data[name])
        throw new Error(`Invalid environment:\n  ${name}: required in production with a PostgreSQL server`)
    }
  }
  return result.data
}

/** The validated environment of this process. */
export const env: Env = parse(process.env)

/** Validates another environment (tests, scripts that spawn servers). */
export const parseEnv = parse

/** A secret that processes sharing one PostgreSQL database must all be given, never generate. */
export type SharedSecret = 'NEXTAUTH_SECRET' | 'SECRETS_KEY'

/**
 * Refuses to start a process that shares a PostgreSQL database without the secrets it needs: a key
 * generated per process (the embedded mode's convenience) would differ between the app and the
 * workers, and every stored provider key or session would then fail to open. Same rule everywhere.
 */
export function assertSharedSecrets(processName: string, names: readonly SharedSecret[], environment: Env = env): void {
  if (!environment.DATABASE_URL) return
  const missing = names.filter((name) => !environment[name])
  if (missing.length === 0) return
  throw new Error(
    `${processName} refuses to start: ${missing.join(' and ')} must be set when DATABASE_URL is (every app and ` +
      'worker process sharing the database needs the same value; generate one with `openssl rand -base64 32`).',
  )
}
