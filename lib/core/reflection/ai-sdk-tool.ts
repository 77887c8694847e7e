/**
 * The AI SDK adapter: query_log as a `tool({ description, inputSchema, execute })` for
 * `generateText`/`streamText`. The schema is not validated by the SDK, so bad arguments reach
 * `run` and come back as guidance the model can correct from.
 */
import { jsonSchema, type JSONSchema7, tool, type Tool } from 'ai'
import type { QueryArguments, QueryTool } from './query-tool'

/** Wraps a QueryTool for the AI SDK; register it under `queryTool.name` (`query_log`). */
export function toAiSdkTool(queryTool: QueryTool): Tool<QueryArguments, string> {
  return tool({
    description: queryTool.description,
    inputSchema: jsonSchema<QueryArguments>(queryTool.parameters as unknown as JSONSchema7),
    execute: async (input) => queryTool.run(input),
  })
}
