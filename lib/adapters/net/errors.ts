/** Why the outbound guard refused a URL; the code is for logs and tests, the message for people. */
export type OutboundRefusalReason = 'invalid-url' | 'protocol' | 'credentials' | 'address' | 'redirects'

const MESSAGES: Record<OutboundRefusalReason, string> = {
  'invalid-url': 'This is not a valid URL.',
  protocol: 'Only http and https URLs are allowed.',
  credentials: 'The URL must not contain a user name or password.',
  // One message for "private" and "does not resolve": telling them apart would map the internal network.
  address: 'This URL does not lead to a public internet address.',
  redirects: 'The server redirected too many times.',
}

/**
 * The outbound guard refused a URL or a redirect. The message is safe to show to the tenant:
 * it never names the resolved addresses or what answered there.
 */
export class OutboundRefusedError extends Error {
  constructor(readonly reason: OutboundRefusalReason) {
    super(MESSAGES[reason])
    this.name = 'OutboundRefusedError'
  }
}

/** Why a guarded request was cut short after it was allowed. */
export type OutboundLimitReason = 'timeout' | 'too-large' | 'network'

const LIMIT_MESSAGES: Record<OutboundLimitReason, string> = {
  timeout: 'The server did not answer in time.',
  'too-large': 'The answer was larger than allowed.',
  // Connection refused, reset and TLS failures read alike, so error texts cannot serve as a port scanner.
  network: 'Could not reach the server.',
}

/** A guarded request was allowed but failed or exceeded a bound; the message is safe to show. */
export class OutboundRequestError extends Error {
  constructor(
    readonly reason: OutboundLimitReason,
    options?: { cause?: unknown },
  ) {
    super(LIMIT_MESSAGES[reason], options)
    this.name = 'OutboundRequestError'
  }
}
