/**
 * A query_log session that keeps a transcript: every call's arguments and the tool's answer,
 * so a diagnosis shows exactly which facts it read.
 */
import type { QueryArguments, QueryTool } from '../../core/reflection'

/** One recorded tool call. */
export type ToolCallRecord = { args: QueryArguments; result: string }

/** Calls the tool and remembers each call in order. */
export type RecordingSession = { ask(args: QueryArguments): string; calls: ToolCallRecord[] }

/** Starts a recording session over a query_log tool. */
export function recordingSession(tool: QueryTool): RecordingSession {
  const calls: ToolCallRecord[] = []
  return {
    calls,
    ask(args) {
      const result = tool.run(args)
      calls.push({ args, result })
      return result
    },
  }
}
