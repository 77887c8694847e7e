'use client'

import { useActionState, useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import { HighlightedText, personalDataKinds } from '@/components/lessons/highlighted-text'
import { detectPersonalData } from '@/lib/services/lessons/personal-data'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** The initial values of a shared lesson being edited (absent = a new one). */
export type SharedLessonDraft = {
  id: string
  content: string
  tags: string[]
  taskKey: string | null
  expiresOn: string
}

/** Creates (`action` = create) or edits (`action` = update, with `lesson`) a shared lesson: text, tags, task key, optional expiry. */
export function SharedLessonForm<Data>({ lesson, action }: { lesson?: SharedLessonDraft; action: ServerAction<Data> }) {
  const [result, formAction, pending] = useActionState(action, null)
  const [text, setText] = useState(lesson?.content ?? '')
  const form = useRef<HTMLFormElement>(null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const found = detectPersonalData(text)
  const prefix = lesson ? `${lesson.id}-` : 'new-'
  useEffect(() => {
    if (result?.ok && !lesson) {
      form.current?.reset()
      setText('')
    }
  }, [result, lesson])
  return (
    <form
      ref={form}
      action={formAction}
      noValidate
      className="space-y-3"
      data-testid={lesson ? 'edit-shared-lesson' : 'create-shared-lesson'}
    >
      {lesson ? <input type="hidden" name="lessonId" value={lesson.id} /> : null}
      <TextField
        id={`${prefix}content`}
        label="Lesson"
        name="content"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={280}
        required
        hint={`One short, specific, actionable sentence every run may recall. ${text.length}/280`}
        errors={errors?.content}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={`${prefix}tags`}
          label="Tags"
          name="tags"
          defaultValue={lesson?.tags.join(', ') ?? ''}
          hint="Comma-separated, e.g. travel, planning"
          errors={errors?.tags}
        />
        <TextField
          id={`${prefix}taskKey`}
          label="Task key"
          name="taskKey"
          defaultValue={lesson?.taskKey ?? ''}
          hint="Optional, e.g. travel.walking-tour"
          errors={errors?.taskKey}
        />
        <TextField
          id={`${prefix}expiresAt`}
          label="Expires on"
          name="expiresAt"
          type="date"
          defaultValue={lesson?.expiresOn ?? ''}
          hint="Optional; not recalled from this date (UTC)"
          errors={errors?.expiresAt}
        />
      </div>
      {found.length > 0 ? (
        <div
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
          data-testid="personal-data-warning"
          aria-live="polite"
        >
          <p className="font-medium text-amber-950">
            Every member&apos;s runs may read this lesson, and it may contain personal data ({personalDataKinds(found)}
            ): remove it, or confirm it is not personal.
          </p>
          <p className="rounded bg-white px-2 py-1 text-slate-900">
            <HighlightedText text={text} ranges={found} />
          </p>
          <label className="flex items-start gap-2 text-amber-950">
            <input type="checkbox" name="confirmPersonalData" className="mt-0.5 size-4" />
            <span>I confirm this is not personal data</span>
          </label>
        </div>
      ) : null}
      <FormStatus result={result} success={lesson ? 'Shared lesson saved.' : 'Shared lesson created.'} />
      <Button type="submit" pending={pending}>
        {lesson ? 'Save changes' : 'Create shared lesson'}
      </Button>
    </form>
  )
}
