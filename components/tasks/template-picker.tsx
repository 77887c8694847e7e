'use client'

import Link from 'next/link'
import { type MouseEvent, useEffect, useRef } from 'react'

/** A task template the form can start from. */
export type TaskTemplate = { id: string; title: string; summary: string }

type TextField = HTMLInputElement | HTMLTextAreaElement

function textFields(): TextField[] {
  const form = document.querySelector<HTMLFormElement>('form[aria-label="New task"]')
  if (!form) return []
  return Array.from(form.querySelectorAll<TextField>('textarea, input[type="text"], input:not([type])'))
}

/**
 * The text fields of the New task form that differ from what the form was loaded with. The loaded
 * values are read when the picker mounts: `defaultValue` cannot tell, since React keeps a controlled
 * field's defaultValue equal to what was typed.
 */
function typedFields(loaded: WeakMap<TextField, string>): string[] {
  return textFields()
    .filter((field) => field.value.trim() !== '' && field.value !== (loaded.get(field) ?? field.defaultValue))
    .map((field) => field.labels?.[0]?.textContent?.trim() || field.name)
}

/**
 * Links that reload the form filled from a template (works without scripts). Switching asks first when
 * something was typed (the prompt above all), since the new template replaces it.
 */
export function TemplatePicker({ templates, selected }: { templates: TaskTemplate[]; selected: string }) {
  const loaded = useRef(new WeakMap<TextField, string>())
  useEffect(() => {
    // After each template load (the page re-renders with new values): what is there now was not typed.
    loaded.current = new WeakMap(textFields().map((field) => [field, field.value]))
  }, [selected])
  const confirmSwitch = (event: MouseEvent<HTMLAnchorElement>, title: string) => {
    const typed = typedFields(loaded.current)
    if (typed.length === 0) return
    const what = typed.length === 1 ? `“${typed[0]}”` : `${typed.length} fields (${typed.slice(0, 3).join(', ')}…)`
    if (!window.confirm(`Start from “${title}”? What you typed in ${what} will be replaced.`)) event.preventDefault()
  }
  return (
    <nav aria-label="Start from a template">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Start from</h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {templates.map((template) => (
          <li key={template.id}>
            <Link
              href={template.id === 'blank' ? '/tasks/new' : `/tasks/new?template=${encodeURIComponent(template.id)}`}
              aria-current={template.id === selected ? 'true' : undefined}
              data-template={template.id}
              onClick={(event) => confirmSwitch(event, template.title)}
              className="block rounded-md border border-slate-200 bg-white px-3 py-2 text-sm hover:border-indigo-300 hover:bg-indigo-50 aria-[current=true]:border-indigo-500 aria-[current=true]:bg-indigo-50"
            >
              <span className="block font-medium text-slate-900">{template.title}</span>
              <span className="block text-xs text-slate-600">{template.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
