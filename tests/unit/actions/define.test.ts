import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { callerOf } from '../../../lib/services/auth/caller'
import { defineAction, definePublicAction, runAction, runPublicAction } from '../../../lib/boundary/actions/define'
import { formInput } from '../../../lib/boundary/actions/form-input'
import { AppError } from '../../../lib/errors'

const admin = callerOf({ user: { id: 'u1' }, active: { tenantId: 't1', role: 'admin' } })!
const member = callerOf({ user: { id: 'u1' }, active: { tenantId: 't1', role: 'member' } })!
const rename = defineAction({
  permission: 'members.manage',
  schema: z.object({
    name: z.string().min(2, 'At least 2 characters.'),
    count: z.coerce.number().int().max(5, 'At most 5.'),
  }),
  handler: async (input, caller) => ({ ...input, by: caller.userId }),
})

describe('runAction', () => {
  it('parses form data, checks the role, and returns the handler data', async () => {
    const data = new FormData()
    data.set('name', 'Ada')
    data.set('count', '3')
    data.set('$ACTION_ID_abc', '')
    expect(await runAction(rename, data, admin)).toEqual({ ok: true, data: { name: 'Ada', count: 3, by: 'u1' } })
  })

  it('returns field errors with the schema messages', async () => {
    expect(await runAction(rename, { name: 'A', count: 9 }, admin)).toEqual({
      ok: false,
      error: 'Some fields need attention.',
      fieldErrors: { name: ['At least 2 characters.'], count: ['At most 5.'] },
    })
  })

  it('refuses without a session or without the permission, before parsing', async () => {
    const handler = vi.fn()
    const guarded = defineAction({ permission: 'members.manage', schema: z.object({}), handler })
    expect(await runAction(guarded, {}, null)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Sign in again/),
    })
    expect(await runAction(guarded, {}, member)).toEqual({ ok: false, error: 'Not found' })
    expect(handler).not.toHaveBeenCalled()
  })

  it('maps AppError to its message and hides unexpected errors', async () => {
    const conflict = defineAction({
      schema: z.object({}),
      handler: async () => {
        throw new AppError('conflict', 'Taken.', { email: ['Taken.'] })
      },
    })
    expect(await runAction(conflict, {}, member)).toEqual({
      ok: false,
      error: 'Taken.',
      fieldErrors: { email: ['Taken.'] },
    })
    const crash = defineAction({
      schema: z.object({}),
      handler: async () => {
        throw new Error('secret stack detail')
      },
    })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const result = await runAction(crash, {}, member)
    spy.mockRestore()
    expect(result).toEqual({ ok: false, error: 'Something went wrong on our side. Please try again.' })
  })

  it('lets framework signals through the rethrow hook', async () => {
    const signal = new Error('NEXT_REDIRECT')
    const redirecting = defineAction({
      schema: z.object({}),
      handler: async () => {
        throw signal
      },
    })
    const rethrow = (error: unknown) => {
      if (error === signal) throw error
    }
    await expect(runAction(redirecting, {}, member, rethrow)).rejects.toBe(signal)
  })

  it('public actions pass the viewer', async () => {
    const whoAmI = definePublicAction({ schema: z.object({}), handler: async (_input, viewer) => viewer.userId })
    expect(await runPublicAction(whoAmI, {}, { userId: null })).toEqual({ ok: true, data: null })
    expect(await runPublicAction(whoAmI, {}, { userId: 'u9' })).toEqual({ ok: true, data: 'u9' })
  })
})

describe('formInput', () => {
  it('collects repeated names into arrays and passes objects through', () => {
    const data = new FormData()
    data.append('tag', 'a')
    data.append('tag', 'b')
    expect(formInput(data)).toEqual({ tag: ['a', 'b'] })
    expect(formInput({ x: 1 })).toEqual({ x: 1 })
    expect(formInput(undefined)).toEqual({})
  })
})
