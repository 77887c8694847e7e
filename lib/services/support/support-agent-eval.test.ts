// The model path's evaluation harness: scripted models (MockLanguageModelV4) answer questions about
// generated failure logs through the same context card and query_log tool; every answer's citations
// are checked against the log, and citations of events that do not exist are flagged and marked.
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { Reflection } from '@/lib/core/reflection'
import { FAILURE_GENERATORS, seeded } from '@/tests/unit/fixtures/failure-logs'
import { citationFilter, checkCitations, MISSING_CITATION_NOTE } from './citation-check'
import { answerSupportQuestion } from './support-agent'

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
}

/** A model that asks for `overview`, then `get` on the decisive event, then answers with `answer(decisive)`. */
function scriptedSupportModel(decisive: number, answer: (decisive: number) => string) {
  const calls: LanguageModelV4CallOptions[] = []
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      calls.push(options)
      const toolCall = (id: string, input: object) => ({
        content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'query_log', input: JSON.stringify(input) }],
        finishReason: { unified: 'tool-calls' as const, raw: 'tool_use' },
        usage,
        warnings: [],
      })
      if (calls.length === 1) return toolCall('c1', { op: 'overview' })
      if (calls.length === 2) return toolCall('c2', { op: 'get', index: decisive })
      return {
        content: [{ type: 'text' as const, text: answer(decisive) }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage,
        warnings: [],
      }
    },
  })
  return { model, calls }
}

describe('model path evaluation harness', () => {
  for (const generate of FAILURE_GENERATORS) {
    it(`${generate.name}: the same context card and tool; a grounded answer cites only real events`, async () => {
      const log = generate(seeded(4))
      const reflection = Reflection.fromEvents(log.events)
      const { model, calls } = scriptedSupportModel(log.decisive, (at) => `The run stopped because of #${at}.`)
      const result = await answerSupportQuestion({ model, reflection, question: 'Why did this run fail?' })
      const system = calls[0].prompt.find((message) => message.role === 'system')
      expect(JSON.stringify(system)).toContain(JSON.stringify(reflection.context()).slice(1, 60))
      expect(calls[0].tools?.map((tool) => tool.name)).toEqual(['query_log'])
      expect(result.toolCalls.map((call) => call.args)).toEqual([
        { op: 'overview' },
        { op: 'get', index: log.decisive },
      ])
      expect(result.invalidCitations).toEqual([])
      expect(checkCitations(result.text, log.events.length).valid).toEqual([log.decisive])
      expect(result.toolCalls[1].result).toContain(`#${log.decisive} ${log.events[log.decisive].type}`)
    })
  }

  it('an answer citing events the log does not hold is flagged, and the citation marked in the text', async () => {
    const log = FAILURE_GENERATORS[0](seeded(1))
    const reflection = Reflection.fromEvents(log.events)
    const { model } = scriptedSupportModel(
      log.decisive,
      (at) => `It failed at #${at}, after #999 and #${log.events.length}.`,
    )
    const result = await answerSupportQuestion({ model, reflection, question: 'Why?' })
    expect(result.invalidCitations).toEqual([999, log.events.length])
    expect(result.text).toBe(
      `It failed at #${log.decisive}, after #999${MISSING_CITATION_NOTE} and #${log.events.length}${MISSING_CITATION_NOTE}.`,
    )
  })

  it('the streaming filter marks a citation split across deltas', () => {
    const filter = citationFilter(10)
    const text = [filter.push('see #'), filter.push('1'), filter.push('2 and #3'), filter.push('.'), filter.end()].join(
      '',
    )
    expect(text).toBe(`see #12${MISSING_CITATION_NOTE} and #3.`)
    expect([...filter.invalid]).toEqual([12])
  })
})
