import 'server-only'
import { authenticateApiKey, type KeyPrincipal } from '../../services/api-keys/authenticate-key'
import type { Caller } from '../../services/auth/caller'
import { can, scopeCovers, type ApiScope, type Permission } from '../../services/auth/permissions'
import { callerFromRequest } from '../../services/auth/session'
import { env } from '../../env'
import { AppError } from '../../errors'
import { parseJsonBody, readBodyText } from './bounded-body'
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
  type IdempotencyScope,
} from './idempotency'
import { errorResponse, type ErrorStyle } from './error-response'
import { problemResponse } from './problem'
import { consumeRate, rateHeaders } from '../../services/rate-limit/rate-windows'
import { requireJsonContentType } from './json-content-type'
import { isSameOriginRequest } from './same-origin'

/** Who is calling: a signed-in browser session, or an API key acting as its person. */
export type Principal = { kind: 'session'; caller: Caller } | ({ kind: 'key' } & KeyPrincipal)

/** What a handler gets: the request, the caller, how they authenticated, the path parameters and the JSON body. */
export type RouteContext<Params> = {
  request: Request
  caller: Caller
  principal: Principal
  params: Params
  /** The parsed JSON body (POST, PUT, PATCH, DELETE); `{}` when empty. */
  body: unknown
}

/** How a route handler is guarded. */
export type RouteOptions<Params> = {
  /** Who may call: a session cookie, an API key, or either (default). */
  auth?: 'session' | 'key' | 'either'
  /** The scope an API key needs; key requests are refused without it. Required when keys are accepted. */
  scope?: ApiScope
  /** Permissions of which the caller's role must hold one (else a 404, as for a resource they may not see). */
  permission?: Permission | Permission[]
  /** `problem` (default): RFC 9457 bodies. `bare`: a 404 has no body and a 401 is `{ error }` (the app's own pages read these). */
  errors?: ErrorStyle
  /**
   * `json` (default): the body is read (bounded) and parsed before the handler; a non-empty one must be
   * declared JSON. `raw-json`: the handler reads it, but it must be declared JSON. `raw`: left wholly
   * to the handler (no Idempotency-Key, no content-type check).
   */
  body?: 'json' | 'raw-json' | 'raw'
  handler: (context: RouteContext<Params>) => Promise<Response>
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization')
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match ? match[1] : null
}

async function principalOf(request: Request, auth: 'session' | 'key' | 'either'): Promise<Principal | null> {
  const bearer = bearerOf(request)
  if (bearer !== null || request.headers.has('authorization')) {
    if (auth === 'session' || bearer === null) return null
    const key = await authenticateApiKey(bearer)
    return key ? { kind: 'key', ...key } : null
  }
  if (auth === 'key') return null
  const caller = await callerFromRequest(request)
  return caller ? { kind: 'session', caller } : null
}

/**
 * A guarded route handler, like action() for forms: session or API key → scope → permission →
 * handler, with every AppError mapped to its status (problem+json) and anything else a hidden 500.
 * Cookie requests that change state must come from our own origin; key requests are rate limited
 * per key; a POST with an Idempotency-Key is answered once and replayed after.
 */
export function route<Params = Record<string, never>>(options: RouteOptions<Params>) {
  const auth = options.auth ?? 'either'
  const permissions = options.permission === undefined ? [] : [options.permission].flat()
  return async (request: Request, context: { params: Promise<Params> }): Promise<Response> => {
    const fail = (error: unknown) => errorResponse(error, options.errors ?? 'problem')
    let extraHeaders: Record<string, string> = {}
    let claimed: IdempotencyScope | null = null
    try {
      const principal = await principalOf(request, auth)
      if (!principal) {
        const error = new AppError('unauthorized', 'Sign in, or send a valid API key as "Authorization: Bearer <key>".')
        const response = fail(error)
        if (auth !== 'session') response.headers.set('WWW-Authenticate', 'Bearer realm="reflexion-studio"')
        return response
      }
      if (principal.kind === 'session' && STATE_CHANGING.has(request.method) && !isSameOriginRequest(request))
        throw new AppError('forbidden', 'This request must come from the app’s own pages.')
      if (principal.kind === 'key') {
        const decision = await consumeRate(principal.keyId, env.API_RATE_LIMIT_PER_MINUTE)
        extraHeaders = rateHeaders(decision)
        if (!decision.allowed)
          return problemResponse('rate_limited', `This key may make ${decision.limit} requests a minute.`, {
            headers: extraHeaders,
          })
        if (!options.scope || !scopeCovers(principal.scopes, options.scope))
          throw new AppError('forbidden', `This key lacks the scope this request needs (${options.scope ?? 'none'}).`)
      }
      const caller = principal.caller
      if (permissions.length > 0 && !permissions.some((permission) => can(caller.role, permission)))
        throw new AppError('not_found', 'Not found')
      const params = await context.params
      let body: unknown = {}
      let replayHash: string | null = null
      if (STATE_CHANGING.has(request.method) && options.body === 'raw-json') requireJsonContentType(request)
      if (STATE_CHANGING.has(request.method) && (options.body ?? 'json') === 'json') {
        const text = await readBodyText(request)
        if (text.trim() !== '') requireJsonContentType(request)
        body = parseJsonBody(text)
        const key = request.headers.get('idempotency-key')
        if (key !== null && request.method === 'POST') {
          const scope = {
            tenantId: caller.tenantId,
            principal: principal.kind === 'key' ? `key:${principal.keyId}` : `user:${caller.userId}`,
            key: checkIdempotencyKey(key),
          }
          replayHash = requestHash(request.method, new URL(request.url).pathname, text)
          const stored = await claimIdempotencyKey(scope, replayHash)
          if (stored)
            return Response.json(stored.body, {
              status: stored.status,
              headers: { ...extraHeaders, 'Idempotent-Replayed': 'true', 'Cache-Control': 'no-store' },
            })
          claimed = scope
        }
      }
      const response = await options.handler({ request, caller, principal, params, body }).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error
        return fail(error)
      })
      if (claimed) {
        const scope = claimed
        claimed = null
        const isJson = /json/.test(response.headers.get('content-type') ?? '')
        const stored = isJson ? await response.clone().json() : null
        await completeIdempotencyKey(scope, { status: response.status, body: stored })
      }
      for (const [name, value] of Object.entries(extraHeaders)) response.headers.set(name, value)
      return response
    } catch (error) {
      if (claimed) await releaseIdempotencyKey(claimed).catch(() => undefined)
      const response = fail(error)
      for (const [name, value] of Object.entries(extraHeaders)) response.headers.set(name, value)
      return response
    }
  }
}
