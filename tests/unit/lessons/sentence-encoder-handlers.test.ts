import { describe, expect, it } from 'vitest'
import { encodeSentences } from '../../../lib/lessons/sentence-encoder'

describe('the sentence encoder in a long-lived process', () => {
  it('leaves the process-wide error handlers as they were (its WebAssembly runtime adds ones that rethrow)', async () => {
    const before = ['uncaughtException', 'unhandledRejection'].map((event) => process.listeners(event as never))
    await encodeSentences(['a relaxed walking tour of Kyoto', '一日步行游览'])
    const after = ['uncaughtException', 'unhandledRejection'].map((event) => process.listeners(event as never))
    expect(after).toEqual(before)
  })
})
