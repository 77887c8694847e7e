import { describe, expect, it } from 'vitest'
import { authenticate, SignInError, WRONG_CREDENTIALS } from '../../../lib/services/auth/authenticate'
import { getPrisma } from '../../../lib/adapters/db/client'
import { SIGN_IN_POLICY } from '../../../lib/services/rate-limit/sign-in-policy'
import { createTenantWithUsers, randomSuffix, TEST_PASSWORD } from '../helpers'

const noDelay = async () => {}
const address = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}-${randomSuffix()}`

async function attempt(email: string, password: string, at: string, now = new Date()) {
  try {
    return { user: await authenticate({ email, password, address: at }, { now, delay: noDelay }) }
  } catch (error) {
    if (error instanceof SignInError) return { error: error.message }
    throw error
  }
}

describe('sign-in limits', () => {
  it('signs in with the right password, and says only "wrong email or password" otherwise', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const ip = address()
    expect((await attempt(tenant.member.email, TEST_PASSWORD, ip)).user?.id).toBe(tenant.member.id)
    expect((await attempt(tenant.member.email.toUpperCase(), TEST_PASSWORD, ip)).user?.id).toBe(tenant.member.id)
    expect(await attempt(tenant.member.email, 'not-the-password', ip)).toEqual({ error: WRONG_CREDENTIALS })
    expect(await attempt(`nobody-${randomSuffix()}@test.local`, 'whatever-password', ip)).toEqual({
      error: WRONG_CREDENTIALS,
    })
  })

  it('five wrong passwords from one address stop that address for that account only: the owner still signs in', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const attacker = address()
    const now = new Date()
    for (let index = 0; index < SIGN_IN_POLICY.maxFailuresPerPair - 1; index++)
      expect(await attempt(tenant.member.email, 'wrong-password', attacker, now)).toEqual({ error: WRONG_CREDENTIALS })
    const fifth = await attempt(tenant.member.email, 'wrong-password', attacker, now)
    expect(fifth.error).toMatch(/for this account from your network\. Try again in 15 minutes/)
    // Even the right password from the attacker's address waits out the window…
    expect((await attempt(tenant.member.email, TEST_PASSWORD, attacker, now)).error).toMatch(/from your network/)
    // …but the owner, elsewhere, is not locked out (the old lock refused the owner for 15 minutes):
    // past the account's short wait (five failures: 2 s), the right password works.
    const soon = new Date(now.getTime() + 3_000)
    expect((await attempt(tenant.member.email, TEST_PASSWORD, address(), soon)).user?.id).toBe(tenant.member.id)
    const later = new Date(now.getTime() + 16 * 60_000)
    expect((await attempt(tenant.member.email, TEST_PASSWORD, attacker, later)).user?.id).toBe(tenant.member.id)
    const prisma = await getPrisma()
    const row = await prisma.user.findUniqueOrThrow({
      where: { id: tenant.member.id },
      select: { failedLogins: true, lockedUntil: true },
    })
    expect(row).toEqual({ failedLogins: 0, lockedUntil: null })
  })

  it('an account guessed from many addresses is slowed down, not locked; its known address is not slowed', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const home = address()
    const start = new Date()
    expect((await attempt(tenant.member.email, TEST_PASSWORD, home, start)).user).toBeDefined()
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    // Four failures from four addresses are free; the fifth says the next try must wait 2 s.
    for (let index = 0; index < SIGN_IN_POLICY.freeFailuresPerAccount - 1; index++)
      expect(await attempt(tenant.member.email, 'wrong-password', address(), at(1))).toEqual({
        error: WRONG_CREDENTIALS,
      })
    expect((await attempt(tenant.member.email, 'wrong-password', address(), at(1))).error).toMatch(
      /Too many failed sign-ins for this account\. Try again in 2 seconds\./,
    )
    expect((await attempt(tenant.member.email, 'wrong-password', address(), at(2))).error).toMatch(
      /Try again in 1 second\./,
    )
    // After the wait a try is checked again; each failure doubles the next wait (2, 4, 8 … 60 s).
    expect((await attempt(tenant.member.email, 'wrong-password', address(), at(3))).error).toMatch(
      /Try again in 4 seconds/,
    )
    expect((await attempt(tenant.member.email, TEST_PASSWORD, address(), at(5))).error).toMatch(
      /Try again in 2 seconds/,
    )
    // The owner's known address is not slowed by someone else's guesses.
    expect((await attempt(tenant.member.email, TEST_PASSWORD, home, at(5))).user?.id).toBe(tenant.member.id)
    // Nor is a new address once the wait is over: the right password works.
    for (let index = 0; index < 6; index++) await attempt(tenant.member.email, 'wrong-password', address(), at(10))
    expect((await attempt(tenant.member.email, TEST_PASSWORD, address(), at(75))).user?.id).toBe(tenant.member.id)
  })

  it('a success resets the count of failures', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const ip = address()
    for (let index = 0; index < 4; index++) await attempt(tenant.member.email, 'wrong-password', ip)
    expect((await attempt(tenant.member.email, TEST_PASSWORD, ip)).user).toBeDefined()
    for (let index = 0; index < 4; index++)
      expect(await attempt(tenant.member.email, 'wrong-password', ip)).toEqual({ error: WRONG_CREDENTIALS })
  })

  it('limits one address to 20 failures in 15 minutes, across accounts', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const ip = address()
    for (let index = 0; index < SIGN_IN_POLICY.maxFailuresPerAddress; index++) {
      await attempt(`probe-${index}-${randomSuffix()}@test.local`, 'wrong-password', ip)
    }
    const refused = await attempt(tenant.member.email, TEST_PASSWORD, ip)
    expect(refused.error).toMatch(/Too many failed sign-ins from your network/)
    expect((await attempt(tenant.member.email, TEST_PASSWORD, address())).user?.id).toBe(tenant.member.id)
  })

  it('delays a failed answer', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const delays: number[] = []
    await expect(
      authenticate(
        { email: tenant.member.email, password: 'wrong-password', address: address() },
        { delay: async (ms) => delays.push(ms) },
      ),
    ).rejects.toThrow(WRONG_CREDENTIALS)
    expect(delays).toEqual([SIGN_IN_POLICY.delayPerFailureMs])
  })
})
