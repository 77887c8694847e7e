import 'server-only'
import type { Caller } from '../auth/caller'
import { env } from '../../env'
import { AppError } from '../../errors'
import { consumeRate } from './rate-windows'

/** The operator's per-minute limits on starting work (0 = off), as Settings shows them. */
export function usageRates(): { runsPerMember: number; runsPerTenant: number; supportQuestionsPerUser: number } {
  return {
    runsPerMember: env.RUNS_PER_MEMBER_PER_MINUTE,
    runsPerTenant: env.RUNS_PER_TENANT_PER_MINUTE,
    supportQuestionsPerUser: env.SUPPORT_QUESTIONS_PER_USER_PER_MINUTE,
  }
}

async function consume(key: string, limit: number, message: string): Promise<void> {
  if (limit === 0) return
  const decision = await consumeRate(key, limit)
  if (!decision.allowed) throw new AppError('rate_limited', `${message} Try again in ${decision.resetSeconds} seconds.`)
}

/**
 * Counts a run submission against the member's and the organisation's minute (shared by every app
 * server); over either limit it throws `rate_limited` before anything is written. One member
 * submitted 300 runs in 9.5 s with no limit at all, filling the workers every tenant shares.
 */
export async function consumeRunSubmission(caller: Caller): Promise<void> {
  const rates = usageRates()
  await consume(
    `runs:member:${caller.tenantId}:${caller.userId}`,
    rates.runsPerMember,
    `You may start ${rates.runsPerMember} runs a minute.`,
  )
  await consume(
    `runs:tenant:${caller.tenantId}`,
    rates.runsPerTenant,
    `Your organisation may start ${rates.runsPerTenant} runs a minute.`,
  )
}

/** Counts a support question against the user's minute; over the limit it throws `rate_limited`. */
export async function consumeSupportQuestion(caller: Caller): Promise<void> {
  const { supportQuestionsPerUser } = usageRates()
  await consume(
    `support:${caller.tenantId}:${caller.userId}`,
    supportQuestionsPerUser,
    `You may ask ${supportQuestionsPerUser} questions a minute.`,
  )
}
