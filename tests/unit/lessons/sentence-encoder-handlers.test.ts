import { describe, expect, it } from 'vitest'
import { encodeSentences, isRuntimeRethrowHandler } from '../../../lib/adapters/embedders/sentence-encoder'

const EVENTS = ['uncaughtException', 'unhandledRejection'] as const
const handlers = () => EVENTS.map((event) => process.listeners(event as never))

describe('the sentence encoder in a long-lived process', () => {
  it('keeps a handler the product installs while the encoder is loading, and drops only the runtime ones', async () => {
    const before = handlers()
    // The worker starts its queue (which installs its own unhandledRejection handler) while the first
    // run loads the encoder: that handler must survive the load.
    const loading = encodeSentences(['a relaxed walking tour of Kyoto', '一日步行游览'])
    const mine = () => {}
    process.on('unhandledRejection', mine)
    try {
      await loading
      expect(process.listeners('unhandledRejection')).toContain(mine)
      expect(handlers()[0]).toEqual(before[0])
      for (const event of EVENTS)
        expect(process.listeners(event as never).filter((listener) => isRuntimeRethrowHandler(listener))).toEqual([])
    } finally {
      process.removeListener('unhandledRejection', mine)
    }
  })

  it('leaves the process-wide error handlers as they were after further encodes', async () => {
    const before = handlers()
    await encodeSentences(['Check the opening hours first.', 'Vérifier les horaires avant.'])
    expect(handlers()).toEqual(before)
  })

  it('drops a rethrowing handler the runtime adds after the load, on the next tick', async () => {
    await encodeSentences(['warm up'])
    const late = new Function('return function(reason) {\n  throw reason;\n}')() as () => never
    process.on('unhandledRejection', late)
    await new Promise((resolve) => process.nextTick(resolve))
    expect(process.listeners('unhandledRejection')).not.toContain(late)
    const mine = (_reason: unknown) => {}
    process.on('unhandledRejection', mine)
    await new Promise((resolve) => process.nextTick(resolve))
    expect(process.listeners('unhandledRejection')).toContain(mine)
    process.removeListener('unhandledRejection', mine)
  })

  it('recognises the runtime rethrow handlers by their shape, and nothing else', () => {
    // The two shapes Emscripten emits (written as it writes them).
    const rethrow = new Function('return function(reason) {\n  throw reason;\n}')() as () => never
    const unlessExit = new Function(
      'return function(ex) {\n  if (!(ex instanceof ExitStatus)) {\n    throw ex;\n  }\n}',
    )() as () => never
    expect(isRuntimeRethrowHandler(rethrow)).toBe(true)
    expect(isRuntimeRethrowHandler(unlessExit)).toBe(true)
    expect(isRuntimeRethrowHandler(() => {})).toBe(false)
    expect(
      isRuntimeRethrowHandler(function (reason: unknown) {
        console.error(reason)
      }),
    ).toBe(false)
  })
})
