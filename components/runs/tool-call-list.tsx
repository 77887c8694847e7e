import type { ToolCallView } from './run-timeline-model'

const inputText = (input: unknown) => {
  try {
    return typeof input === 'string' ? input : JSON.stringify(input, null, 1)
  } catch {
    return String(input)
  }
}

/** The tool calls of an attempt: name, input, the result or error, duration, and the events they are in. */
export function ToolCallList({ calls }: { calls: ToolCallView[] }) {
  return (
    <ol className="space-y-2" data-testid="tool-calls">
      {calls.map((call) => (
        <li
          key={call.calledIndex}
          data-testid="tool-call"
          data-tool={call.toolName}
          className={`rounded-md border px-3 py-2 ${call.isError ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-slate-50'}`}
        >
          <p className="text-sm">
            <span className="font-mono font-medium break-all text-slate-900">{call.toolName}</span>
            {call.worker ? <span className="text-slate-600"> (worker {call.worker})</span> : null}{' '}
            <span className={call.isError ? 'font-medium text-amber-900' : 'text-slate-700'} data-testid="tool-status">
              {call.returnedIndex === null ? 'running…' : call.isError ? 'failed' : 'returned'}
            </span>
            {call.durationMs !== null ? <span className="text-xs text-slate-500"> · {call.durationMs} ms</span> : null}
            <span className="text-xs text-slate-500">
              {' '}
              · #{call.calledIndex}
              {call.returnedIndex !== null ? ` → #${call.returnedIndex}` : ''}
            </span>
          </p>
          <p className="mt-1 text-xs text-slate-600">Input</p>
          <pre className="max-h-32 overflow-auto font-mono text-xs break-words whitespace-pre-wrap text-slate-800">
            {inputText(call.input)}
          </pre>
          {call.returnedIndex !== null ? (
            <>
              <p className="mt-1 text-xs text-slate-600">
                {call.isError ? 'Error' : 'Result'} (untrusted data{call.truncated ? ', shortened' : ''})
              </p>
              <pre
                data-testid="tool-result"
                className="max-h-48 overflow-auto font-mono text-xs break-words whitespace-pre-wrap text-slate-800"
              >
                {call.isError ? (call.error ?? call.output) : call.output}
              </pre>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
