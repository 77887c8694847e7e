import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ToolSet } from 'ai'
import type { EngineEvent } from '../events/event'
import { HANDLERS } from '../events/vocabulary'
import { resolveModel, type ModelSpec } from '../models/resolve'
import type { RetryOptions } from '../models/retry'
import { envSecrets, type SecretsBackend } from '../models/secrets'
import type { AgentRuntime, Architecture } from './architecture'
import { validateBudget, type Budget } from './budget'
import { requireInteger } from './errors'
import { iterateWhile } from './event-queue'
import { enforceGuardrail, type Guardrails } from './guardrails'
import { InMemoryMemory, type Memory } from './memory'
import { ReAct } from './react'
import { Reflexion } from './reflexion'
import { runAttemptLoop, type RunProgress } from './reflexion-loop'
import type { RoleModel } from './review'
import { RunContext, RunStop } from './run-context'
import { recordingSecrets, SecretScrubber } from './secret-scrubber'
import { driveRun, type RunResult } from './run-driver'
import { toolPolicyOf, type ToolPolicy } from './tool-policy'
import type { VectorStore } from './vector-store'

/** Options of an Agent. `model` is an AI SDK v4 model or a `provider:model` string resolved with `secrets`. */
export type AgentOptions = {
  instructions: string
  model: ModelSpec
  architecture?: Architecture | Reflexion
  tools?: ToolSet
  /** Per-call timeout, tool calls per attempt, result size (defaults: DEFAULT_TOOL_POLICY). */
  toolPolicy?: Partial<ToolPolicy>
  memory?: Memory
  lessonStore?: VectorStore
  budget?: Budget
  guardrails?: Guardrails
  maxTurns?: number
  secrets?: SecretsBackend
  retry?: RetryOptions | false
  clock?: () => Date
  idGenerator?: () => string
}

/** Per-run options. `seed.index` = the caller already wrote run.submitted at that index. */
export type RunOptions = {
  userId?: string
  signal?: AbortSignal
  seed?: { index: number }
  onEvent?: (event: EngineEvent) => void | Promise<void>
  runId?: string
}

/** An agent: instructions, a model, tools and an architecture (default ReAct), run with `run` or `stream`. */
export class Agent {
  readonly instructions: string
  readonly architecture: Architecture | Reflexion
  readonly tools: ToolSet
  readonly memory: Memory
  readonly maxTurns: number
  readonly toolPolicy: ToolPolicy
  private readonly options: AgentOptions
  private resolved?: Promise<LanguageModelV4>
  /** The credential values this agent's models were resolved with, masked out of every event. */
  private readonly scrubber = new SecretScrubber()

  constructor(options: AgentOptions) {
    if (typeof options.instructions !== 'string') throw new TypeError('Agent: instructions must be a string')
    if (options.maxTurns !== undefined) requireInteger('Agent', 'maxTurns', options.maxTurns, 1)
    validateBudget(options.budget)
    this.options = options
    this.instructions = options.instructions
    this.architecture = options.architecture ?? new ReAct()
    this.tools = options.tools ?? {}
    this.memory = options.memory ?? new InMemoryMemory()
    this.maxTurns = options.maxTurns ?? 8
    this.toolPolicy = toolPolicyOf(options.toolPolicy)
  }

  private get secrets(): SecretsBackend {
    return recordingSecrets(this.options.secrets ?? envSecrets(), this.scrubber)
  }

  /** The agent as a base architecture sees it (the model resolved once). */
  async runtime(): Promise<AgentRuntime> {
    this.resolved ??= resolveModel(this.options.model, this.secrets)
    this.resolved.catch(() => (this.resolved = undefined))
    return {
      instructions: this.instructions,
      model: await this.resolved,
      tools: this.tools,
      memory: this.memory,
      maxTurns: this.maxTurns,
      toolPolicy: this.toolPolicy,
      scrubber: this.scrubber,
    }
  }

  private async roleModel(spec: ModelSpec | undefined, agentModel: LanguageModelV4): Promise<RoleModel> {
    return spec === undefined
      ? { model: agentModel, retry: true }
      : { model: await resolveModel(spec, this.secrets), retry: false }
  }

  /** Runs the task to the end and returns its output, log and usage; the log always ends with run.finished. */
  async run(prompt: string, options: RunOptions = {}): Promise<RunResult> {
    const { clock = () => new Date(), idGenerator = () => crypto.randomUUID() } = this.options
    const seeded = options.seed !== undefined
    if (seeded) requireInteger('Agent.run', 'seed.index', options.seed!.index, 0)
    const run = new RunContext({
      prompt,
      userId: options.userId ?? '',
      runId: options.runId ?? idGenerator(),
      clock,
      firstIndex: seeded ? options.seed!.index + 1 : 0,
      onEvent: options.onEvent,
      signal: options.signal,
      retry: this.options.retry ?? {},
      scrubber: this.scrubber,
    })
    const progress: RunProgress = { output: '', bestScore: null, attempts: 0, turns: 0 }
    const architecture = this.architecture
    const stopHandler = architecture instanceof Reflexion ? HANDLERS.reflexion : architecture.name
    const start = async (): Promise<number> =>
      seeded ? options.seed!.index : run.emit('run.submitted', { kind: 'seed' }, { prompt, userId: run.userId })
    const submittedIndex = await start().catch((error) => {
      throw (error as { original?: unknown }).original ?? error
    })
    return driveRun(run, progress, stopHandler, async () => {
      await enforceGuardrail(run, this.options.guardrails?.input, 'input', prompt, submittedIndex)
      const agent = await this.runtime()
      if (architecture instanceof Reflexion) {
        const store = architecture.lessonStore ?? this.options.lessonStore
        const lessons = store
          ? {
              mode: 'selective' as const,
              store,
              blockName: architecture.lessonsBlockName,
              topK: architecture.topKLessons,
            }
          : {
              mode: 'monotonic' as const,
              memory: this.memory,
              blockName: architecture.lessonsBlockName,
              maxLessons: architecture.maxLessons,
            }
        return runAttemptLoop(architecture, {
          run,
          agent,
          submittedIndex,
          lessons,
          budget: this.options.budget,
          guardrails: this.options.guardrails,
          progress,
          evaluatorModel: await this.roleModel(architecture.evaluatorModel, agent.model),
          reflectorModel: await this.roleModel(architecture.reflectorModel, agent.model),
        })
      }
      run.throwIfCancelled()
      const result = await architecture.run({
        run,
        agent,
        session: { messages: [], blocks: {} },
        prompt,
        attempt: 1,
        startIndex: submittedIndex,
      })
      progress.attempts = 1
      progress.turns = result.turns
      if (result.status === 'out_of_turns')
        throw new RunStop('max_turns_exceeded', undefined, `used all ${result.maxTurns} turns`)
      progress.output = result.output
      await enforceGuardrail(run, this.options.guardrails?.output, 'output', result.output, result.index)
      return 'succeeded'
    })
  }

  /** Runs the task and yields each event as it is written (the same events `run` returns). */
  stream(prompt: string, options: RunOptions = {}): AsyncIterable<EngineEvent> {
    return iterateWhile<EngineEvent>((push) =>
      this.run(prompt, {
        ...options,
        onEvent: async (event) => {
          await options.onEvent?.(event)
          push(event)
        },
      }),
    )
  }
}
