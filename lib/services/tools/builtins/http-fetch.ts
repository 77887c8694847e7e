import { tool } from 'ai'
import { z } from 'zod'
import { guardedFetch, type OutboundPolicy } from '../../../adapters/net'

/** Bounds of one `http_fetch` call. */
export const HTTP_FETCH_LIMITS = { timeoutMs: 10_000, maxResponseBytes: 512 * 1024, maxRedirects: 3 }

/** A host an admin allows: a host name (`example.com`), or every subdomain of one (`*.example.com`). */
export const allowedHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$|^(\*\.)?[a-z0-9-]{1,63}$/,
    'a host name such as example.com or *.example.com (no scheme, path or port)',
  )

/** Whether `host` is one the admin allowed (exact, or a subdomain of a `*.` entry). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '')
  return allowed.some((entry) =>
    entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry,
  )
}

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|xhtml\+xml|javascript|ld\+json|rss\+xml|atom\+xml)|[^;]*\+json|[^;]*\+xml)/i

/**
 * GETs a URL on an allowed host through the outbound guard (public addresses only unless the operator
 * allows more; every redirect re-checked, also against the allowed hosts), text only, bounded in time and size.
 */
export async function fetchText(
  url: string,
  allowedHosts: readonly string[],
  options: { policy?: OutboundPolicy; signal?: AbortSignal } = {},
): Promise<{ url: string; status: number; contentType: string; body: string }> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error(`not a valid URL: ${url.slice(0, 200)}`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('only http and https URLs')
  let current = parsed
  for (let redirects = 0; ; redirects++) {
    if (!hostAllowed(current.hostname, allowedHosts))
      throw new Error(
        `host '${current.hostname}' is not allowed; allowed hosts: ${allowedHosts.join(', ') || '(none)'}`,
      )
    const response = await guardedFetch(
      current,
      { method: 'GET', redirect: 'manual', signal: options.signal, headers: { accept: 'text/*, application/json' } },
      { ...HTTP_FETCH_LIMITS, policy: options.policy },
    )
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      if (redirects >= HTTP_FETCH_LIMITS.maxRedirects) throw new Error('too many redirects')
      current = new URL(location, current)
      continue
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (contentType && !TEXT_TYPES.test(contentType)) {
      await response.body?.cancel()
      throw new Error(`not text: the answer is ${contentType.split(';')[0]}`)
    }
    return { url: current.href, status: response.status, contentType, body: await response.text() }
  }
}

/** The built-in `http_fetch` tool for the hosts an admin allowed. */
export function httpFetchTool(allowedHosts: readonly string[], policy?: OutboundPolicy) {
  return tool({
    description: `GET a web page or API as text. Only these hosts are allowed: ${allowedHosts.join(', ') || '(none yet)'}. At most ${HTTP_FETCH_LIMITS.maxResponseBytes / 1024} KB, ${HTTP_FETCH_LIMITS.timeoutMs / 1000} s.`,
    inputSchema: z.object({ url: z.string().min(1).max(2000).describe('the full http(s) URL to GET') }),
    execute: async ({ url }, { abortSignal }) => {
      const result = await fetchText(url, allowedHosts, { policy, signal: abortSignal })
      return `HTTP ${result.status} ${result.url}\ncontent-type: ${result.contentType || '(none)'}\n\n${result.body}`
    },
  })
}
