import { tool, type ToolSet } from 'ai'
import { z } from 'zod'
import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { Agent } from './agent'
import type { Architecture, BaseResult, BaseRunInput, Step } from './architecture'
import { ReflexionConfigError, requireInteger } from './errors'
import { buildSystemPrompt } from './prompts'
import { startingContext } from './react'
import { runToolLoop, type Delegate } from './tool-loop'

/** The tool name that delegates to a worker. */
export function delegateToolName(worker: string): string {
  return `delegate_to_${worker}`
}

/**
 * A supervisor: its model gets one `delegate_to_<worker>` tool per worker and answers once the
 * workers have done their parts. Each worker runs its own tool loop with its own model and tools.
 */
export class Supervisor implements Architecture {
  readonly name = 'supervisor'
  readonly workers: Record<string, Agent>
  readonly maxTurns?: number

  constructor(options: { workers: Record<string, Agent>; maxTurns?: number }) {
    const names = Object.keys(options.workers ?? {})
    if (names.length === 0)
      throw new ReflexionConfigError('Supervisor: workers must name at least one worker agent (got none)')
    for (const name of names) {
      if (!/^[A-Za-z0-9_-]{1,48}$/.test(name))
        throw new ReflexionConfigError(`Supervisor: worker names must match [A-Za-z0-9_-]{1,48} (got '${name}')`)
    }
    if (options.maxTurns !== undefined) requireInteger('Supervisor', 'maxTurns', options.maxTurns, 1)
    this.workers = { ...options.workers }
    this.maxTurns = options.maxTurns
  }

  declaredWorkers(): Record<string, Agent> {
    return { ...this.workers }
  }

  private delegationTools(): ToolSet {
    return Object.fromEntries(
      Object.entries(this.workers).map(([name, worker]) => [
        delegateToolName(name),
        tool({
          description: `Delegate a subtask to the ${name} worker. ${worker.instructions}`.slice(0, 1000),
          inputSchema: z.object({ task: z.string().describe('what the worker should do') }),
        }),
      ]),
    )
  }

  async run(input: BaseRunInput): Promise<BaseResult> {
    const { run, session, attempt } = input
    const system = await startingContext(input)
    const byTool = new Map(
      Object.entries(this.workers).map(([name, worker]) => [delegateToolName(name), { name, worker }]),
    )
    // Each delegation's worker tool calls, in order, so the reflector sees them too (seed 000: the
    // attempt's actions and observations include the tool calls and their results, whoever made them).
    const workerSteps: Step[][] = []
    const delegate: Delegate = async (toolName, toolInput, modelCalledIndex) => {
      const target = byTool.get(toolName)
      if (!target) return undefined
      const task = String((toolInput as { task?: unknown })?.task ?? '')
      const delegatedIndex = await run.emit('agent.worker_delegated', via(modelCalledIndex, HANDLERS.supervisor), {
        attempt,
        worker: target.name,
        task,
      })
      const runtime = await target.worker.runtime()
      if (runtime.scrubber) run.scrubber.link(runtime.scrubber)
      const result = await runToolLoop({
        run,
        role: 'worker',
        worker: target.name,
        model: runtime.model,
        retry: true,
        system: buildSystemPrompt(runtime.instructions, {}, { tools: Object.keys(runtime.tools).length > 0 }),
        messages: [{ role: 'user', content: task }],
        tools: runtime.tools,
        toolPolicy: runtime.toolPolicy,
        maxTurns: runtime.maxTurns,
        attempt,
        startIndex: delegatedIndex,
        firstHandler: HANDLERS.supervisor,
        handler: HANDLERS.react,
      })
      workerSteps.push(result.steps.map((step) => ({ ...step, name: `${target.name}.${step.name}` })))
      const output =
        result.status === 'final'
          ? result.text
          : `(worker ${target.name} ran out of turns after ${result.turns} model calls)`
      const index = await run.emit('agent.worker_returned', via(result.lastModelIndex, HANDLERS.supervisor), {
        attempt,
        worker: target.name,
        output,
        turns: result.turns,
        outOfTurns: result.status === 'out_of_turns',
      })
      return { output, index }
    }
    const maxTurns = this.maxTurns ?? input.agent.maxTurns
    const result = await runToolLoop({
      run,
      role: 'agent',
      model: input.agent.model,
      retry: true,
      system,
      messages: session.messages,
      tools: this.delegationTools(),
      maxTurns,
      attempt,
      startIndex: input.startIndex,
      firstHandler: HANDLERS.supervisor,
      handler: HANDLERS.supervisor,
      delegate,
    })
    const cause = via(result.lastModelIndex, HANDLERS.supervisor)
    // A worker's calls come just before the delegation step that returned its answer.
    const steps = result.steps.flatMap((step) =>
      byTool.has(step.name) ? [...(workerSteps.shift() ?? []), step] : [step],
    )
    if (result.status === 'out_of_turns') {
      const index = await run.emit('agent.out_of_turns', cause, { attempt, maxTurns })
      return { status: 'out_of_turns', turns: result.turns, maxTurns, index, steps }
    }
    const index = await run.emit('agent.output_produced', cause, { attempt, output: result.text, turns: result.turns })
    return { status: 'output', output: result.text, turns: result.turns, index, steps }
  }
}
