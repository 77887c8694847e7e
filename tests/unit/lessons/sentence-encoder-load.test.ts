import { describe, expect, it } from 'vitest'
import { startEncoder } from '../../../lib/adapters/embedders/sentence-encoder'

/**
 * A stand-in for the library: its `initModel` starts the backend and reads the weights at once, as
 * `@energetic-ai/embeddings` 0.2.0 does, and reading weights before the backend is up throws the
 * library's own error. Here the weights are quick and the backend slow, as on a loaded machine.
 */
function slowBackendRuntime() {
  let backendUp = false
  let starting: Promise<void> | undefined
  const ready = () =>
    (starting ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        backendUp = true
        resolve()
      }, 20),
    ))
  const modelSource = async () => {
    if (!backendUp) throw new Error("Backend 'wasm' has not yet been initialized.")
    return { weights: 'decoded' }
  }
  const initModel = async (source: typeof modelSource) => {
    const [, data] = await Promise.all([ready(), source()])
    return { data, embed: async (texts: string[]) => texts.map(() => [1]) }
  }
  return { ready, initModel, modelSource }
}

describe('loading the sentence encoder', () => {
  it('starts the backend before reading the weights, so quick weights do not fail the load', async () => {
    const runtime = slowBackendRuntime()
    await expect(runtime.initModel(runtime.modelSource)).rejects.toThrow(/not yet been initialized/)

    const model = await startEncoder(slowBackendRuntime())
    expect(model.data).toEqual({ weights: 'decoded' })
  })
})
