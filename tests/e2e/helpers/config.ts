import { inject } from 'vitest'
import type { Role } from '../../../lib/services/auth/permissions'

/** A demo user with the password the server printed at its first start. */
export type DemoUser = { role: Role; email: string; password: string }

/** What the global setup hands to the tests. */
export type E2eConfig = {
  baseUrl: string
  demoUsers: DemoUser[]
  demoApiKey: string | null
  /** The one loopback port the app may reach (OUTBOUND_ALLOW): the tools test starts its MCP server there. */
  toolServerPort: number
}

/** This run's server and demo users. */
export function e2eConfig(): E2eConfig {
  return inject('e2e')
}

/** A demo user by email (admin@demo.test, ada@demo.test, grace@demo.test, sam@demo.test). */
export function demoUser(email: string): DemoUser {
  const user = e2eConfig().demoUsers.find((candidate) => candidate.email === email)
  if (!user) throw new Error(`no demo user ${email}`)
  return user
}
