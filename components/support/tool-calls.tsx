'use client'

/** One query_log call the agent made, as the chat shows it. */
export type ShownToolCall = { args: unknown; result: string }

/** The agent's query_log calls, collapsed by default; results are shown as text. */
export function ToolCalls({ calls }: { calls: ShownToolCall[] }) {
  if (calls.length === 0) return null
  return (
    <details className="mt-3 rounded-md border border-slate-200 bg-slate-50 text-xs" data-testid="tool-calls">
      <summary className="cursor-pointer px-3 py-2 font-medium text-slate-700 select-none">
        {calls.length} query_log call{calls.length === 1 ? '' : 's'} made for this answer
      </summary>
      <ol className="space-y-2 border-t border-slate-200 px-3 py-2">
        {calls.map((call, position) => (
          <li key={position} className="min-w-0">
            <code className="font-mono break-all text-indigo-800">query_log {JSON.stringify(call.args)}</code>
            <pre className="mt-1 max-h-48 overflow-auto rounded bg-white p-2 font-mono break-words whitespace-pre-wrap text-slate-700">
              {call.result}
            </pre>
          </li>
        ))}
      </ol>
    </details>
  )
}
