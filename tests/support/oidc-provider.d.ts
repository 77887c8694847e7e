// The few parts of oidc-provider (a real OpenID Connect server, used by the SSO tests) that they use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type Account = { accountId: string; claims: () => Record<string, unknown> }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[]
        findAccount: (context: unknown, id: string) => Account | Promise<Account>
        claims?: Record<string, string[]>
        cookies?: { keys: string[] }
      },
    )
    callback(): (request: IncomingMessage, response: ServerResponse) => void
  }
}
