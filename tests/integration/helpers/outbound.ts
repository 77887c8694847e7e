import { env } from '../../../lib/env'

/** Lets the outbound guard reach a local test peer, as an operator's OUTBOUND_ALLOW would; returns the undo. */
export function allowOutbound(url: string): () => void {
  const before = env.OUTBOUND_ALLOW
  env.OUTBOUND_ALLOW = [before, new URL(url).host].filter(Boolean).join(',')
  return () => {
    env.OUTBOUND_ALLOW = before
  }
}
