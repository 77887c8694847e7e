/**
 * The query_log tool: one framework-agnostic dispatch tool (name, description, JSON Schema
 * parameters, `run(args) → string`). Input errors come back as `error: …` guidance; bugs throw.
 */
import { ARGUMENT_NAMES } from './arguments'
import { QueryInputError } from './errors'
import { OP_NAMES, OPS } from './ops'
import type { ReflectionData } from './reflection-data'
import { QUERY_LOG_PARAMETERS, toolDescription } from './tool-description'
import { editDistance } from './type-selector'

/** The tool's arguments as the agent sends them. */
export type QueryArguments = { op?: unknown; type?: unknown; index?: unknown; limit?: unknown }

/** The dispatch tool; maps 1:1 onto an Anthropic tool dict, a LangChain tool or an AI SDK tool. */
export type QueryTool = {
  name: 'query_log'
  description: string
  parameters: typeof QUERY_LOG_PARAMETERS
  run(args: QueryArguments | string): string
}

function readArguments(raw: QueryArguments | string): Record<string, unknown> {
  let parsed: unknown = raw
  if (typeof raw === 'string') {
    try {
      parsed = JSON.parse(raw)
    } catch {
      throw new QueryInputError(
        `arguments must be a JSON object like {"op":"overview"}, got ${JSON.stringify(raw.slice(0, 80))}`,
      )
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new QueryInputError('arguments must be an object like {"op":"overview"}')
  const args: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(parsed)) {
    if (!(ARGUMENT_NAMES as readonly string[]).includes(name))
      throw new QueryInputError(`unknown argument '${name}' — accepted: ${ARGUMENT_NAMES.join(', ')}`)
    if (value !== null && value !== undefined) args[name] = value
  }
  return args
}

function readOp(raw: unknown): string {
  const valid = `valid ops: ${OP_NAMES.join(', ')}`
  if (raw === undefined) throw new QueryInputError(`missing argument 'op' — ${valid}`)
  if (typeof raw !== 'string') throw new QueryInputError(`argument 'op' must be a string — ${valid}`)
  const op = raw.trim().toLowerCase()
  if (Object.hasOwn(OPS, op)) return op
  const near = OP_NAMES.filter((name) => editDistance(op, name) <= 2)
  throw new QueryInputError(
    `unknown op '${raw}' — ${near.length > 0 ? `did you mean: ${near.join(', ')}? ` : ''}${valid}`,
  )
}

/** Answers one call: the op's text, or `error: …` guidance for bad input. */
export function runQuery(data: ReflectionData, raw: QueryArguments | string): string {
  try {
    const args = readArguments(raw)
    return OPS[readOp(args.op)].run(data, args)
  } catch (error) {
    if (error instanceof QueryInputError) return `error: ${error.message}`
    throw error
  }
}

/** Builds the tool over one Reflection's data (a snapshot: it does not see later events). */
export function createQueryTool(data: ReflectionData): QueryTool {
  return {
    name: 'query_log',
    description: toolDescription(data.events.length, data.types.knownTypes),
    parameters: QUERY_LOG_PARAMETERS,
    run: (args) => runQuery(data, args),
  }
}
