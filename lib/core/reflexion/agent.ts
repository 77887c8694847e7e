import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ToolSet } from 'ai'
import type { EngineEvent } from '../events/event'
import { HANDLERS } from '../events/vocabulary'
import type { ResumePoint } from './resume'
import type { AgentRuntime, Architecture } from './architecture'
import { validateBudget, type Budget } from './budget'
import { ReflexionConfigError, requireInteger } from './errors'
import { iterateWhile } from './event-queue'
import { requireUsableUserId } from './user-key'
import { enforceGuardrail, type Guardrails } from './guardrails'
import { InMemoryMemory, type Memory } from './memory'
import type { ModelResolver, ModelSpec } from './model-spec'
import { ReAct } from './react'
import { Reflexion } from './reflexion'
import { runAttemptLoop, type RunProgress } from './reflexion-loop'
import type { RoleModel } from './review'
import type { RetryOptions } from './retry'
import { RunContext, RunStop } from './run-context'
import { SecretScrubber } from './secret-scrubber'
import { driveRun, type RunResult } from './run-driver'
import { toolPolicyOf, type ToolPolicy } from './tool-policy'
import type { VectorStore } from './vector-store'

/**
 * Options of an Agent. `model` (and a Reflexion's role models) is an AI SDK v4 model, or a
 * `provider:model` string turned into one by `resolveModel`. `secrets` are credential values
 * masked out of every event the agent writes (a provider error that echoes its key, say).
 */
export type AgentOptions = {
  instructions: string
  model: ModelSpec
  resolveModel?: ModelResolver
  secrets?: readonly string[]
  architecture?: Architecture | Reflexion
  tools?: ToolSet
  /** Per-call timeout, tool calls per attempt, result size (defaults: DEFAULT_TOOL_POLICY). */
  toolPolicy?: Partial<ToolPolicy>
  memory?: Memory
  lessonStore?: VectorStore
  budget?: Budget
  guardrails?: Guardrails
  maxTurns?: number
  retry?: RetryOptions | false
  clock?: () => Date
  idGenerator?: () => string
}

/** Per-run options. `seed.index` = the caller already wrote run.submitted at that index. */
export type RunOptions = {
  userId?: string
  signal?: AbortSignal
  seed?: { index: number }
  /**
   * Go on with a run whose worker stopped: the log already holds everything up to
   * `resume.afterIndex`; the run continues at `resume.nextAttempt` (see `resumePointOf`).
   */
  resume?: ResumePoint
  /** Asked before each attempt after the first this process ran: true stops at that boundary (RunYield). */
  shouldYield?: () => boolean
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
  /** The credential values given in `secrets`, masked out of every event. */
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
    for (const secret of options.secrets ?? []) this.scrubber.add(secret)
  }

  private async resolve(spec: ModelSpec): Promise<LanguageModelV4> {
    if (typeof spec !== 'string') return spec
    if (!this.options.resolveModel)
      throw new ReflexionConfigError(
        `Agent: the model '${spec}' is a string, so the agent needs resolveModel (lib/adapters/models' resolver) to turn it into a model`,
      )
    return this.options.resolveModel(spec)
  }

  /** The agent as a base architecture sees it (the model resolved once). */
  async runtime(): Promise<AgentRuntime> {
    this.resolved ??= this.resolve(this.options.model)
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

  /**
   * A role model (evaluator or reflector), resolved only when the run can use it: a string for a
   * role that never runs (an exact-match evaluator's judge) must not stop the run.
   */
  private async roleModel(spec: ModelSpec | undefined, agentModel: LanguageModelV4, used: boolean): Promise<RoleModel> {
    if (spec === undefined || !used) return { model: agentModel, retry: true }
    return { model: await this.resolve(spec), retry: false }
  }

  /** Runs the task to the end and returns its output, log and usage; the log always ends with run.finished. */
  async run(prompt: string, options: RunOptions = {}): Promise<RunResult> {
    const { clock = () => new Date(), idGenerator = () => crypto.randomUUID() } = this.options
    const resume = options.resume
    const seeded = options.seed !== undefined || resume !== undefined
    if (options.seed) requireInteger('Agent.run', 'seed.index', options.seed.index, 0)
    const seedIndex = resume ? resume.submittedIndex : options.seed?.index
    requireUsableUserId('Agent.run', options.userId ?? '')
    const run = new RunContext({
      prompt,
      userId: options.userId ?? '',
      runId: options.runId ?? idGenerator(),
      clock,
      firstIndex: resume ? resume.afterIndex + 1 : seeded ? seedIndex! + 1 : 0,
      onEvent: options.onEvent,
      signal: options.signal,
      retry: this.options.retry ?? {},
      scrubber: this.scrubber,
    })
    const progress: RunProgress = resume
      ? { ...resume.progress }
      : { output: '', bestScore: null, attempts: 0, turns: 0 }
    for (const call of resume?.usage ?? []) run.usage.record(call.role, call.model, call.tokens)
    const architecture = this.architecture
    const stopHandler = architecture instanceof Reflexion ? HANDLERS.reflexion : architecture.name
    const start = async (): Promise<number> => {
      if (!seeded) return run.emit('run.submitted', { kind: 'seed' }, { prompt, userId: run.userId })
      if (resume)
        await run.emit(
          'run.resumed',
          { kind: 'framework' },
          { fromAttempt: resume.nextAttempt, afterIndex: resume.afterIndex },
        )
      return seedIndex!
    }
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
          resume: resume && { firstAttempt: resume.nextAttempt, previousIndex: resume.previousIndex },
          shouldYield: options.shouldYield,
          lessons,
          budget: this.options.budget,
          guardrails: this.options.guardrails,
          progress,
          evaluatorModel: await this.roleModel(
            architecture.evaluatorModel,
            agent.model,
            architecture.evaluator.usesModel,
          ),
          reflectorModel: await this.roleModel(architecture.reflectorModel, agent.model, architecture.maxAttempts > 1),
        })
      }
      run.throwIfCancelled()
      progress.attempts = 1
      const result = await architecture.run({
        run,
        agent,
        session: { messages: [], blocks: {} },
        prompt,
        attempt: 1,
        startIndex: submittedIndex,
      })
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
