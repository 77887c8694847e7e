'use client'

import { TextLink } from '@/components/ui/text-link'

/** A tool a member may choose (enabled by an admin in Settings → Tools). */
export type PickableTool = { name: string; description: string; origin: string }

/** Checkboxes for the tenant's enabled tools; posts one `tools` entry per chosen tool. */
export function ToolPicker({
  tools,
  chosen,
  errors,
  onChange,
  canManage,
}: {
  tools: PickableTool[]
  chosen: string[]
  errors?: string[]
  onChange: (chosen: string[]) => void
  canManage: boolean
}) {
  const known = new Set(tools.map((tool) => tool.name))
  const unavailable = chosen.filter((name) => !known.has(name))
  return (
    <div className="space-y-3" data-testid="tool-picker">
      {tools.length === 0 ? (
        <p className="text-sm text-slate-600">
          No tools are enabled in your organisation, so the agent can only write text.{' '}
          {canManage ? <TextLink href="/settings/tools">Enable tools</TextLink> : 'An admin can enable them.'}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {tools.map((tool) => {
            const id = `tool-${tool.name}`
            return (
              <li key={tool.name} className="flex items-start gap-2 rounded-md border border-slate-200 p-2">
                <input
                  id={id}
                  type="checkbox"
                  name="tools"
                  value={tool.name}
                  checked={chosen.includes(tool.name)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? [...chosen, tool.name] : chosen.filter((name) => name !== tool.name),
                    )
                  }
                  aria-describedby={`${id}-description`}
                  className="mt-1 h-4 w-4"
                />
                <label htmlFor={id} className="min-w-0 text-sm">
                  <span className="block font-mono text-xs font-medium text-slate-900">{tool.name}</span>
                  <span id={`${id}-description`} className="block text-xs break-words text-slate-600">
                    {tool.description || 'No description.'}
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
      {unavailable.map((name) => (
        // A template's tool that is not enabled: still posted, so the server says so under this field.
        <input key={name} type="hidden" name="tools" value={name} />
      ))}
      {unavailable.length > 0 ? (
        <p className="text-sm text-amber-800">
          This template uses {unavailable.join(', ')}, which is not enabled in your organisation.
        </p>
      ) : null}
      {errors?.length ? (
        <p id="field-tools-error" role="alert" className="text-sm text-red-700" tabIndex={-1}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
