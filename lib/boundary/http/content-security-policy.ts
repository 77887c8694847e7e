/**
 * The Content-Security-Policy of every response. Scripts run only with this response's nonce
 * (Next puts it on its own bootstrap and chunk scripts when the request carries the policy), so an
 * injected `<script>` or inline handler never runs: 'unsafe-inline' for scripts is gone. Styles keep
 * 'unsafe-inline' (React style attributes; a style cannot run code). Eval only in development.
 */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** A fresh nonce: 16 random bytes in base64, unguessable and new for every response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}
