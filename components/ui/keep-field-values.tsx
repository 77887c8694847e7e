'use client'

import { useEffect, useRef } from 'react'
import type { ActionResult } from '@/lib/errors'

const NOT_RESTORED = new Set(['hidden', 'password', 'file', 'submit', 'button', 'reset', 'image'])

/** Puts the submitted values back into a form's fields (React resets uncontrolled fields after an action). */
function restoreFormValues(form: HTMLFormElement, entries: [string, string][]): void {
  const byName = new Map<string, string[]>()
  for (const [name, value] of entries) byName.set(name, [...(byName.get(name) ?? []), value])
  const seen = new Map<string, number>()
  for (const element of Array.from(form.elements)) {
    if (!(
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ))
      continue
    const name = element.name
    if (!name || (element instanceof HTMLInputElement && NOT_RESTORED.has(element.type))) continue
    const values = byName.get(name) ?? []
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      element.checked = values.includes(element.value)
    } else if (element instanceof HTMLSelectElement) {
      for (const option of Array.from(element.options)) option.selected = values.includes(option.value)
    } else if (byName.has(name)) {
      const position = seen.get(name) ?? 0
      seen.set(name, position + 1)
      if (values[position] !== undefined && element.value !== values[position]) element.value = values[position]
    }
  }
}

/**
 * Keeps every field of the surrounding form as it was submitted when the action answers with an error, so a
 * refused form never loses what was typed (tags, dates, selects, checkboxes as much as the main text).
 * Render it anywhere inside the form; FormStatus does.
 */
export function KeepFieldValues({ result }: { result: ActionResult<unknown> | null | undefined }) {
  const marker = useRef<HTMLSpanElement>(null)
  const submitted = useRef<[string, string][] | null>(null)
  useEffect(() => {
    const form = marker.current?.closest('form')
    if (!form) return
    const remember = (event: FormDataEvent) => {
      submitted.current = [...event.formData.entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      )
    }
    form.addEventListener('formdata', remember)
    return () => form.removeEventListener('formdata', remember)
  }, [])
  useEffect(() => {
    const form = marker.current?.closest('form')
    const entries = submitted.current
    if (!result || result.ok || !form || !entries) return
    restoreFormValues(form, entries)
    // React may reset the form after this commit; restore once more after it.
    const timer = setTimeout(() => restoreFormValues(form, entries), 0)
    return () => clearTimeout(timer)
  }, [result])
  return <span ref={marker} hidden />
}
