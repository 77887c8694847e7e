import type { LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelMessage, ToolSet } from 'ai'
import type { Agent } from './agent'
import type { Memory } from './memory'
import type { RunContext } from './run-context'
import type { SecretScrubber } from './secret-scrubber'
import type { ToolPolicy } from './tool-policy'

/** One action the agent took in an attempt and what it observed (shown to the reflector). */
export type Step = { name: string; input: unknown; output: unknown; isError?: boolean }

/** The session of an attempt: its messages (reset before each attempt) and run-local memory blocks. */
export type AttemptSession = { messages: ModelMessage[]; blocks: Record<string, string> }

/** The agent as a base architecture sees it: instructions, resolved model, tools, memory, turn limit. */
export type AgentRuntime = {
  instructions: string
  model: LanguageModelV4
  tools: ToolSet
  memory: Memory
  maxTurns: number
  /** Per-call timeout, calls per attempt and result size for `tools`. */
  toolPolicy: ToolPolicy
  /** The credential values the model was resolved with (masked out of events). */
  scrubber?: SecretScrubber
}

/** Input of one base run: the first model call follows the event at `startIndex`. */
export type BaseRunInput = {
  run: RunContext
  agent: AgentRuntime
  session: AttemptSession
  prompt: string
  attempt: number
  startIndex: number
}

/** How a base run ended: an output (at agent.output_produced `index`) or out of turns (agent.out_of_turns `index`). */
export type BaseResult =
  | { status: 'output'; output: string; turns: number; index: number; steps: Step[] }
  | { status: 'out_of_turns'; turns: number; maxTurns: number; index: number; steps: Step[] }

/** A base architecture run by the Agent or by Reflexion for each attempt. */
export interface Architecture {
  readonly name: string
  /** The workers this architecture delegates to, by name. */
  declaredWorkers(): Record<string, Agent>
  run(input: BaseRunInput): Promise<BaseResult>
}
