'use client'

import { useActionState, useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/**
 * Edits one of my lessons in place, behind an "Edit" disclosure: one line, 280 characters at most. The
 * page passes the action; a monotonic-mode lesson (a memory line) passes its own hidden fields.
 */
export function EditLessonForm<Data>({
  lessonId,
  content,
  action,
  fields = { lessonId },
}: {
  lessonId: string
  content: string
  action: ServerAction<Data>
  fields?: Record<string, string>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const [text, setText] = useState(content)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <details className="open:w-full">
      <summary className="inline-flex min-h-10 cursor-pointer list-none items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100">
        Edit<span className="sr-only"> this lesson</span>
      </summary>
      <form action={formAction} noValidate className="mt-3 space-y-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextField
          id={`content-${lessonId}`}
          label="Lesson"
          name="content"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={280}
          required
          hint={`One short, specific, actionable sentence. ${text.length}/280`}
          errors={errors?.content}
        />
        <FormStatus result={result} success="Lesson saved." />
        <Button type="submit" pending={pending} className="min-h-10 px-3 py-1.5">
          Save lesson
        </Button>
      </form>
    </details>
  )
}
