// The offline support agent explains a failed tool call from the run's own log: asked which tool
// failed, it names the tool, the attempt and the tool's error, and cites the agent.tool_returned event
// that recorded it (the engine writes the failure as an observation; the run itself goes on).
import { tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toLoggedEvent } from '@/lib/core/events/convert'
import { Reflection } from '@/lib/core/reflection'
import { Agent } from '@/lib/core/reflexion'
import { scriptedModel, textReply, toolCallReply } from '@/lib/core/reflexion/test-support'
import { answerQuestionOffline } from '@/lib/services/support/answer-question'

const tools = {
  lookup: tool({
    description: 'looks an order up',
    inputSchema: z.object({ order: z.string() }),
    execute: async ({ order }) => `order ${order}: shipped`,
  }),
  confirm: tool({
    description: 'confirms an order',
    inputSchema: z.object({ order: z.string() }),
    execute: async (): Promise<string> => {
      throw new Error('confirmation service refused: order is archived')
    },
  }),
}

async function runWithFailingTool() {
  const model = scriptedModel([
    toolCallReply('lookup', { order: '42' }),
    toolCallReply('confirm', { order: '42' }),
    textReply('Order 42 shipped; confirmation failed.'),
  ])
  const result = await new Agent({ instructions: 'Check orders.', model, tools }).run('Check order 42.')
  return result.events.map(toLoggedEvent)
}

describe('support explains a tool failure citing its events', () => {
  it('names the failing tool, its attempt and its error, and cites the tool_returned event', async () => {
    const events = await runWithFailingTool()
    const failed = events.find((event) => event.type === 'agent.tool_returned' && event.payload.isError === true)!
    const { answer } = answerQuestionOffline(Reflection.fromEvents(events), 'Which tool failed?', { history: [] })
    expect(answer).toContain(
      `Failed: "confirm" on attempt 1 with "confirmation service refused: order is archived" (#${failed.index}).`,
    )
    // Inputs read as the JSON the model wrote, not as an escaped string.
    expect(answer).toContain('"lookup" called with {"order":"42"}')
    const chinese = answerQuestionOffline(Reflection.fromEvents(events), '哪个工具失败了？', { history: [] })
    expect(chinese.answer).toContain(`#${failed.index}`)
    expect(chinese.answer).toContain('失败的调用')
  })
})
