import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { assertAddressesAllowed, assertOutboundUrl, bareHostname, effectivePort } from './assert-outbound-url'
import { OutboundRefusedError, OutboundRequestError } from './errors'
import { systemResolver, type OutboundPolicy } from './policy'
import { cappedWebStream, decodedBody, networkError } from './response-stream'

/** Bounds and policy of guarded requests. */
export interface GuardedFetchOptions {
  policy?: OutboundPolicy
  /** The whole exchange, redirects and body included (default 10 s). */
  timeoutMs?: number
  /** The decoded response body (default 1 MiB). */
  maxResponseBytes?: number
  /** Redirects followed, each re-checked (default 5). */
  maxRedirects?: number
}

const DEFAULTS = { timeoutMs: 10_000, maxResponseBytes: 1024 * 1024, maxRedirects: 5 }
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const NULL_BODY_STATUSES = new Set([204, 205, 304])
// Headers that carry credentials: never sent on to another origin after a redirect.
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|key|token|secret|auth/i

interface Exchange {
  method: string
  headers: Headers
  body: Buffer | undefined
}

interface Hop {
  status: number
  statusText: string
  headers: Headers
  body: ReadableStream<Uint8Array> | null
  discard: () => void
}

/**
 * `fetch` for URLs a tenant controls: checks the URL with assertOutboundUrl, connects only to the
 * addresses it checked (re-validated when the socket connects, so DNS rebinding cannot win), follows
 * at most `maxRedirects` redirects re-checking each, and bounds time and response size.
 */
export async function guardedFetch(
  input: string | URL | Request,
  init?: RequestInit,
  options?: GuardedFetchOptions,
): Promise<Response> {
  const limits = { ...DEFAULTS, ...options }
  const target = input instanceof Request ? input.url : String(input)
  let checked = await assertOutboundUrl(target, limits.policy)
  const request = new Request(checked.url, { ...init, ...(init?.body ? { duplex: 'half' } : {}) } as RequestInit)
  const mode = init?.redirect ?? (input instanceof Request ? input.redirect : 'follow')
  const exchange: Exchange = {
    method: request.method,
    headers: new Headers(request.headers),
    body: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
  }
  if (!exchange.headers.has('accept-encoding')) exchange.headers.set('accept-encoding', 'gzip, deflate, br')

  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new OutboundRequestError('timeout')), limits.timeoutMs)
  const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
  const stopTimer = () => clearTimeout(timer)

  try {
    for (let redirects = 0; ; redirects++) {
      const hop = await sendOnce(checked.url, checked.addresses, exchange, signal, limits, stopTimer)
      const location = hop.headers.get('location')
      if (!REDIRECT_STATUSES.has(hop.status) || location === null || mode === 'manual') {
        return toResponse(hop, checked.url, redirects > 0)
      }
      hop.discard()
      if (mode === 'error') throw new TypeError('fetch failed: redirect refused by redirect mode "error"')
      if (redirects >= limits.maxRedirects) throw new OutboundRefusedError('redirects')
      const next = await assertOutboundUrl(new URL(location, checked.url), limits.policy)
      followRedirect(exchange, hop.status, checked.url, next.url)
      checked = next
    }
  } catch (error) {
    stopTimer()
    throw signal.aborted ? signal.reason : error
  }
}

/** A `typeof fetch` with fixed options, for the AI SDK providers' and MCP transports' `fetch` option. */
export function createGuardedFetch(options?: GuardedFetchOptions): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => guardedFetch(input, init, options)) as typeof fetch
}

function followRedirect(exchange: Exchange, status: number, from: URL, to: URL): void {
  const becomesGet =
    status === 303 ? exchange.method !== 'HEAD' : (status === 301 || status === 302) && exchange.method === 'POST'
  if (becomesGet) {
    exchange.method = 'GET'
    exchange.body = undefined
    for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'])
      exchange.headers.delete(name)
  }
  if (from.origin !== to.origin) {
    for (const name of [...exchange.headers.keys()]) if (CREDENTIAL_HEADER.test(name)) exchange.headers.delete(name)
  }
}

function toResponse(hop: Hop, url: URL, redirected: boolean): Response {
  const response = new Response(hop.body, { status: hop.status, statusText: hop.statusText, headers: hop.headers })
  Object.defineProperty(response, 'url', { value: url.href })
  Object.defineProperty(response, 'redirected', { value: redirected })
  return response
}

function pinnedLookup(url: URL, addresses: readonly string[], policy: OutboundPolicy | undefined): LookupFunction {
  const host = bareHostname(url)
  const port = effectivePort(url)
  return (hostname, options, callback) => {
    const answer = (found: readonly string[]) => {
      try {
        // Checked again at connect time: whatever the socket is about to reach must pass the policy.
        assertAddressesAllowed(host, port, found, policy)
      } catch (error) {
        return callback(error as NodeJS.ErrnoException, '', 0)
      }
      const family = options.family === 4 || options.family === 6 ? options.family : 0
      const entries = found
        .map((address) => ({ address, family: isIP(address) }))
        .filter((entry) => family === 0 || entry.family === family)
      if (entries.length === 0) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0)
      if (options.all) return (callback as unknown as (error: null, all: typeof entries) => void)(null, entries)
      callback(null, entries[0].address, entries[0].family)
    }
    // The socket asks for the host that was checked: answer with the checked addresses, never a fresh DNS answer.
    if (hostname === host) return answer(addresses)
    ;(policy?.lookup ?? systemResolver)(hostname).then(
      (records) => answer(records.map((record) => record.address)),
      (error) => callback(error, '', 0),
    )
  }
}

function sendOnce(
  url: URL,
  addresses: readonly string[],
  exchange: Exchange,
  signal: AbortSignal,
  limits: typeof DEFAULTS & GuardedFetchOptions,
  stopTimer: () => void,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const headers: Record<string, string> = {}
    exchange.headers.forEach((value, name) => (headers[name] = value))
    if (exchange.body) headers['content-length'] = String(exchange.body.length)
    const client = url.protocol === 'https:' ? https : http
    const request = client.request({
      protocol: url.protocol,
      hostname: bareHostname(url),
      port: effectivePort(url),
      path: `${url.pathname}${url.search}`,
      method: exchange.method,
      headers,
      agent: false,
      lookup: pinnedLookup(url, addresses, limits.policy),
    })
    let current: http.IncomingMessage | undefined
    const onAbort = () => {
      request.destroy(signal.reason)
      current?.destroy(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
    const detach = () => signal.removeEventListener('abort', onAbort)
    request.on('error', (error) => {
      detach()
      reject(signal.aborted ? signal.reason : error instanceof OutboundRefusedError ? error : networkError(error))
    })
    request.on('response', (response) => {
      current = response
      const status = response.statusCode ?? 0
      if (status < 200 || status > 599) {
        response.destroy()
        return reject(networkError(new Error(`unexpected status ${status}`)))
      }
      const declared = Number(response.headers['content-length'])
      if (Number.isFinite(declared) && declared > limits.maxResponseBytes && !REDIRECT_STATUSES.has(status)) {
        response.destroy()
        return reject(new OutboundRequestError('too-large'))
      }
      const responseHeaders = new Headers()
      for (let index = 0; index < response.rawHeaders.length; index += 2)
        responseHeaders.append(response.rawHeaders[index], response.rawHeaders[index + 1])
      const withoutBody = NULL_BODY_STATUSES.has(status) || exchange.method === 'HEAD'
      const discard = () => {
        detach()
        response.destroy()
      }
      if (withoutBody) {
        response.resume()
        detach()
        stopTimer()
        return resolve({
          status,
          statusText: response.statusMessage ?? '',
          headers: responseHeaders,
          body: null,
          discard,
        })
      }
      const { source, decoded } = decodedBody(response)
      if (decoded) {
        responseHeaders.delete('content-encoding')
        responseHeaders.delete('content-length')
      }
      response.on('error', (error) => {
        if (!source.destroyed && source !== response) source.destroy(signal.aborted ? signal.reason : error)
      })
      const body = cappedWebStream(source, limits.maxResponseBytes, {
        onDone: () => {
          detach()
          stopTimer()
        },
        onCancel: () => response.destroy(),
      })
      resolve({ status, statusText: response.statusMessage ?? '', headers: responseHeaders, body, discard })
    })
    request.end(exchange.body)
  })
}
