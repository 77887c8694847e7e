import { ActionButton } from '@/components/admin/action-button'
import type { ToolView } from '@/lib/services/tools/tool-catalog'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** One tool: its name, whether it is on, its description and input schema, and the switch. */
export function ToolRow<Data>({ tool, title, action }: { tool: ToolView; title?: string; action: ServerAction<Data> }) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3" data-testid={`tool-${tool.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="text-sm font-semibold break-all text-slate-900">
            {title ?? <span className="font-mono">{tool.name}</span>}{' '}
            <span
              data-testid="tool-state"
              className={`ml-1 rounded px-1.5 py-0.5 text-xs font-medium ${tool.enabled ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
            >
              {tool.enabled ? 'Enabled' : 'Off'}
            </span>
          </h4>
          {title ? <p className="font-mono text-xs text-slate-500">{tool.name}</p> : null}
          <p className="text-sm break-words text-slate-600">{tool.description || 'No description.'}</p>
        </div>
        <ActionButton
          action={action}
          fields={{ name: tool.name, enabled: tool.enabled ? 'false' : 'true' }}
          label={tool.enabled ? `Disable ${tool.name}` : `Enable ${tool.name}`}
          pendingLabel="Saving…"
          variant={tool.enabled ? 'secondary' : 'primary'}
        />
      </div>
      <details>
        <summary className="cursor-pointer text-xs text-indigo-700">Input schema</summary>
        <pre className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">
          {JSON.stringify(tool.inputSchema, null, 2)}
        </pre>
      </details>
    </div>
  )
}
