// A tiny scripted AI SDK v4 model for pressure tests: as the agent it answers (passing the
// `contains: done` evaluator when told to), as the reflector it writes a lesson carrying its
// user's marker token. It records every marker token it saw in any prompt, per run.
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider'

/** What one model call saw and did. */
export type MarkerModelLog = {
  markersSeen: Set<string>
  agentCalls: number
  reflectorCalls: number
  agentMarkers: Set<string>[]
}

/** A model for one run: `lessonFor()` is the lesson text the reflector writes, `passes()` whether the agent's answer passes. */
export function createMarkerModel(options: { markerPattern: RegExp; lessonFor: () => string; passes: () => boolean }): {
  model: LanguageModelV4
  log: MarkerModelLog
} {
  const log: MarkerModelLog = { markersSeen: new Set(), agentCalls: 0, reflectorCalls: 0, agentMarkers: [] }
  async function doGenerate(callOptions: LanguageModelV4CallOptions) {
    const text = JSON.stringify(callOptions.prompt)
    const seen = new Set(text.match(options.markerPattern) ?? [])
    for (const marker of seen) log.markersSeen.add(marker)
    const system = callOptions.prompt
      .filter((message) => message.role === 'system')
      .map((message) => String(message.content))
      .join('\n')
    let reply: string
    if (/write ONE lesson/.test(system)) {
      log.reflectorCalls++
      reply = JSON.stringify({ lesson: options.lessonFor() })
    } else {
      log.agentCalls++
      log.agentMarkers.push(seen)
      reply = options.passes() ? 'The weekly report is done.' : 'A weekly report draft, not finished yet.'
    }
    const tokens = Math.max(1, Math.ceil(text.length / 4))
    return {
      content: [{ type: 'text' as const, text: reply }],
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage: {
        inputTokens: { total: tokens, noCache: tokens, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 8, text: 8, reasoning: 0 },
      },
      warnings: [],
    }
  }
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: 'pressure',
    modelId: 'marker',
    supportedUrls: {},
    doGenerate,
    async doStream() {
      throw new Error('the marker model only generates')
    },
  }
  return { model, log }
}

/** A seeded pseudo-random generator (mulberry32), so a failing run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}
