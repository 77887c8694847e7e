import type { LoggedEvent } from '@/lib/core/events/event'

type TracedMessage = { role: string; content: string }
type Trace = { system: string; messages: TracedMessage[]; omitted?: number }

/** The recorded prompt of a model call, when the event carries one (runs before traces have none). */
export function traceOf(event: LoggedEvent): Trace | null {
  const prompt = event.payload.prompt as Partial<Trace> | undefined
  if (!prompt || typeof prompt !== 'object' || !Array.isArray(prompt.messages)) return null
  return {
    system: typeof prompt.system === 'string' ? prompt.system : '',
    messages: prompt.messages.filter(
      (message): message is TracedMessage => typeof message?.role === 'string' && typeof message?.content === 'string',
    ),
    ...(typeof prompt.omitted === 'number' && { omitted: prompt.omitted }),
  }
}

function Text({ label, text }: { label: string; text: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <details open={text.length <= 600} className="rounded border border-slate-200 bg-white">
        <summary className="cursor-pointer px-2 py-1 text-xs text-slate-500">{text.length} characters</summary>
        <pre className="max-h-72 overflow-auto px-2 py-1 font-mono text-xs break-words whitespace-pre-wrap text-slate-800">
          {text}
        </pre>
      </details>
    </div>
  )
}

/** "What the model saw": each traced model call of an attempt — system text, messages and reply — folded. */
export function ModelCallTraces({ events }: { events: LoggedEvent[] }) {
  const calls = events.filter((event) => event.type === 'agent.model_called' && traceOf(event))
  if (calls.length === 0) return null
  return (
    <details className="mt-3" data-testid="model-traces">
      <summary className="cursor-pointer text-xs font-medium text-slate-600">
        What the model saw ({calls.length} call{calls.length === 1 ? '' : 's'})
      </summary>
      <ol className="mt-2 space-y-2">
        {calls.map((event) => {
          const trace = traceOf(event)!
          const payload = event.payload
          const who = [payload.role, payload.worker].filter((part) => typeof part === 'string').join(' ')
          return (
            <li key={event.index} data-testid="model-trace" data-role={String(payload.role ?? '')}>
              <details className="rounded-md border border-slate-200 bg-slate-50 p-2">
                <summary className="cursor-pointer text-sm text-slate-800">
                  <span className="font-mono text-xs text-slate-500">#{event.index}</span> {who} call
                  {typeof payload.turn === 'number' ? `, turn ${payload.turn}` : ''}
                  {typeof payload.latencyMs === 'number' ? ` · ${payload.latencyMs} ms` : ''}
                </summary>
                <div className="mt-2 space-y-2">
                  {trace.system ? <Text label="Instructions (system)" text={trace.system} /> : null}
                  {trace.messages.map((message, position) => (
                    <Text key={position} label={`Message ${position + 1} (${message.role})`} text={message.content} />
                  ))}
                  {trace.omitted ? (
                    <p className="text-xs text-slate-500">{trace.omitted} earlier messages not recorded (bounded).</p>
                  ) : null}
                  <Text
                    label="Reply"
                    text={
                      typeof payload.text === 'string' && payload.text
                        ? payload.text
                        : Array.isArray(payload.toolCalls)
                          ? `(tool calls: ${payload.toolCalls.join(', ')})`
                          : typeof payload.error === 'string'
                            ? `(failed: ${payload.error})`
                            : '(empty)'
                    }
                  />
                </div>
              </details>
            </li>
          )
        })}
      </ol>
    </details>
  )
}
