/**
 * When the development mail viewer (/dev/mail) may answer. It shows sign-up links of other people, so
 * only with no mail server configured (mails cannot leave any other way), only on a development server
 * or the single-process embedded database, and only to a browser on the same machine.
 */
export function mailViewerEnabled(
  environment: { SMTP_URL?: string; NODE_ENV: string; DATABASE_URL?: string },
  clientAddress: string,
): boolean {
  if (environment.SMTP_URL) return false
  if (environment.NODE_ENV !== 'development' && environment.DATABASE_URL) return false
  return isLoopbackAddress(clientAddress)
}

/** Whether an address (as the server saw the socket) is this machine: 127.0.0.0/8 or ::1, also IPv4-mapped. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '')
  return bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}
