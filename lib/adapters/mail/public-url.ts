import { env } from '../../env'

/** An absolute URL on this installation (links in mails): NEXTAUTH_URL, else http://localhost:$PORT. */
export function publicUrl(path: string): string {
  return new URL(path, env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).toString()
}
