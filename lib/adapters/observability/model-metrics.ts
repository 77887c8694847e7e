import type { LanguageModelV4 } from '@ai-sdk/provider'
import { wrapLanguageModel } from 'ai'
import { metrics } from './metrics'

/**
 * The model with its calls counted: latency by provider and outcome, and errors by provider
 * (a stream counts until its first part, the time a caller waits for an answer to begin).
 */
export function withModelMetrics(model: LanguageModelV4): LanguageModelV4 {
  const provider = model.provider.split('.')[0] || 'unknown'
  const observe = (started: number, ok: boolean) => {
    const observed = metrics()
    observed.modelCallSeconds.observe({ provider, outcome: ok ? 'ok' : 'error' }, (performance.now() - started) / 1000)
    if (!ok) observed.modelCallErrors.inc({ provider })
  }
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      async wrapGenerate({ doGenerate }) {
        const started = performance.now()
        try {
          const result = await doGenerate()
          observe(started, true)
          return result
        } catch (error) {
          observe(started, false)
          throw error
        }
      },
      async wrapStream({ doStream }) {
        const started = performance.now()
        try {
          const result = await doStream()
          observe(started, true)
          return result
        } catch (error) {
          observe(started, false)
          throw error
        }
      },
    },
  })
}
