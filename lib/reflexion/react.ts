import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { Agent } from './agent'
import type { Architecture, BaseResult, BaseRunInput } from './architecture'
import { requireInteger } from './errors'
import { buildSystemPrompt } from './prompts'
import { runToolLoop } from './tool-loop'

/** Builds the agent's system prompt from its instructions and the user's working memory plus session blocks. */
export async function systemPromptFor(input: BaseRunInput): Promise<string> {
  const stored = await input.agent.memory.working(input.run.userId)
  return buildSystemPrompt(input.agent.instructions, { ...stored, ...input.session.blocks })
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
    if (session.messages.length === 0) session.messages.push({ role: 'user', content: input.prompt })
    const maxTurns = this.maxTurns ?? input.agent.maxTurns
    const result = await runToolLoop({
      run, role: 'agent', model: input.agent.model, retry: true, system: await systemPromptFor(input), messages: session.messages,
      tools: input.agent.tools, maxTurns, attempt, startIndex: input.startIndex, firstHandler: HANDLERS.react, handler: HANDLERS.react,
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
