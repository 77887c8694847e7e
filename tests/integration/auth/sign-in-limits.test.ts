import { describe, expect, it } from 'vitest'
import { authenticate, SignInError, WRONG_CREDENTIALS } from '../../../lib/auth/authenticate'
import { getPrisma } from '../../../lib/db/client'
import { SIGN_IN_POLICY } from '../../../lib/rate-limit/sign-in-policy'
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

  it('locks an account after 5 failures, refuses even the right password, and unlocks after 15 minutes', async () => {
    const tenant = await createTenantWithUsers({ roles: ['member'] })
    const now = new Date()
    for (let index = 0; index < SIGN_IN_POLICY.maxFailuresPerAccount - 1; index++) {
      expect(await attempt(tenant.member.email, 'wrong-password', address(), now)).toEqual({ error: WRONG_CREDENTIALS })
    }
    const fifth = await attempt(tenant.member.email, 'wrong-password', address(), now)
    expect(fifth.error).toMatch(/locked after 5 failed sign-ins\. Try again in 15 minutes/)
    const locked = await attempt(tenant.member.email, TEST_PASSWORD, address(), now)
    expect(locked.error).toMatch(/locked/)
    const prisma = await getPrisma()
    const row = await prisma.user.findUniqueOrThrow({
      where: { id: tenant.member.id },
      select: { failedLogins: true, lockedUntil: true },
    })
    expect(row.failedLogins).toBe(5)
    expect(row.lockedUntil?.getTime()).toBe(now.getTime() + 15 * 60_000)

    const later = new Date(now.getTime() + 16 * 60_000)
    expect((await attempt(tenant.member.email, TEST_PASSWORD, address(), later)).user?.id).toBe(tenant.member.id)
    const cleared = await prisma.user.findUniqueOrThrow({
      where: { id: tenant.member.id },
      select: { failedLogins: true, lockedUntil: true },
    })
    expect(cleared).toEqual({ failedLogins: 0, lockedUntil: null })
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
