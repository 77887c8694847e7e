import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider'
import { demoReply } from './demo-reply'

export { DEMO_MODEL_LABEL, DEMO_MODEL_SPEC, isDemoModel } from './demo-spec'

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4))

function usageOf(options: LanguageModelV4CallOptions, output: string): LanguageModelV4Usage {
  const input = tokens(JSON.stringify(options.prompt))
  const produced = tokens(output)
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: produced, text: produced, reasoning: 0 },
  }
}

function sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  if (milliseconds <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })
}

let callCounter = 0

/**
 * The offline demo model: a real AI SDK v4 language model (generate and stream) that plays the
 * bundled demo scenarios deterministically, recognising its role (agent, evaluator, reflector,
 * supervisor, worker) from the prompt. `latencyMs` delays each call, to watch progress live.
 */
export function createDemoModel(options: { latencyMs?: number } = {}): LanguageModelV4 {
  const latencyMs = options.latencyMs ?? 0
  async function generate(callOptions: LanguageModelV4CallOptions) {
    await sleep(latencyMs, callOptions.abortSignal)
    const reply = demoReply(callOptions)
    const content: LanguageModelV4Content[] =
      reply.kind === 'text'
        ? [{ type: 'text', text: reply.text }]
        : [
            {
              type: 'tool-call',
              toolCallId: `demo-call-${++callCounter}`,
              toolName: reply.toolName,
              input: JSON.stringify(reply.input),
            },
          ]
    const text = reply.kind === 'text' ? reply.text : JSON.stringify(reply.input)
    const finishReason =
      reply.kind === 'text'
        ? ({ unified: 'stop', raw: 'stop' } as const)
        : ({ unified: 'tool-calls', raw: 'tool_calls' } as const)
    return { content, text, finishReason, usage: usageOf(callOptions, text) }
  }
  return {
    specificationVersion: 'v4',
    provider: 'demo',
    modelId: 'offline',
    supportedUrls: {},
    async doGenerate(callOptions) {
      const { content, finishReason, usage } = await generate(callOptions)
      return { content, finishReason, usage, warnings: [] }
    },
    async doStream(callOptions) {
      const { content, finishReason, usage } = await generate(callOptions)
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }]
      for (const part of content) {
        if (part.type === 'text') {
          parts.push({ type: 'text-start', id: 'text-1' })
          for (const word of part.text.match(/\S+\s*/g) ?? [])
            parts.push({ type: 'text-delta', id: 'text-1', delta: word })
          parts.push({ type: 'text-end', id: 'text-1' })
        } else parts.push(part as LanguageModelV4StreamPart)
      }
      parts.push({ type: 'finish', finishReason, usage })
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  }
}
