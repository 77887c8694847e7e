import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { Agent } from './agent'
import type { Architecture, BaseResult, BaseRunInput } from './architecture'
import { requireInteger } from './errors'
import { buildSystemPrompt, memoryMessage } from './prompts'
import { runToolLoop } from './tool-loop'

/**
 * Builds an attempt's starting context: the system prompt (instructions) and, on a fresh session, the
 * seed messages (the task, then the user's working memory plus session blocks as delimited data).
 */
export async function startingContext(input: BaseRunInput): Promise<string> {
  const blocks = { ...(await input.agent.memory.working(input.run.userId)), ...input.session.blocks }
  if (input.session.messages.length === 0) {
    input.session.messages.push({ role: 'user', content: input.prompt })
    const memory = memoryMessage(blocks)
    if (memory !== undefined) input.session.messages.push({ role: 'user', content: memory })
  }
  return buildSystemPrompt(input.agent.instructions, blocks, { tools: Object.keys(input.agent.tools).length > 0 })
}

/** The default base: a tool-using loop where a turn is one model call; no final answer in `maxTurns` → out of turns. */
export class ReAct implements Architecture {
  readonly name = 'react'
  readonly maxTurns?: number

  constructor(options: { maxTurns?: number } = {}) {
    if (options.maxTurns !== undefined) requireInteger('ReAct', 'maxTurns', options.maxTurns, 1)
    this.maxTurns = options.maxTurns
  }

  declaredWorkers(): Record<string, Agent> {
    return {}
  }

  async run(input: BaseRunInput): Promise<BaseResult> {
    const { run, session, attempt } = input
    const system = await startingContext(input)
    const maxTurns = this.maxTurns ?? input.agent.maxTurns
    const result = await runToolLoop({
      run,
      role: 'agent',
      model: input.agent.model,
      retry: true,
      system,
      messages: session.messages,
      tools: input.agent.tools,
      toolPolicy: input.agent.toolPolicy,
      maxTurns,
      attempt,
      startIndex: input.startIndex,
      firstHandler: HANDLERS.react,
      handler: HANDLERS.react,
    })
    const cause = via(result.lastModelIndex, HANDLERS.react)
    if (result.status === 'out_of_turns') {
      const index = await run.emit('agent.out_of_turns', cause, { attempt, maxTurns })
      return { status: 'out_of_turns', turns: result.turns, maxTurns, index, steps: result.steps }
    }
    const index = await run.emit('agent.output_produced', cause, { attempt, output: result.text, turns: result.turns })
    return { status: 'output', output: result.text, turns: result.turns, index, steps: result.steps }
  }
}
