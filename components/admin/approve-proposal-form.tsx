'use client'

import { useActionState, useState } from 'react'
import { HighlightedText, personalDataKinds } from '@/components/lessons/highlighted-text'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import { detectPersonalData } from '@/lib/services/lessons/personal-data'
import type { ServerAction } from '@/lib/boundary/actions/action'

/**
 * Approves a proposal, possibly edited. What still looks like personal data is highlighted as the
 * admin types; approving it anyway needs the confirmation box (the server checks the same rule).
 * Tags and task key start as the member's lesson's, so runs of the same kind find the shared lesson.
 */
export function ApproveProposalForm<Data>({
  proposalId,
  content,
  tags = [],
  taskKey = null,
  action,
}: {
  proposalId: string
  content: string
  tags?: string[]
  taskKey?: string | null
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const [text, setText] = useState(content)
  const found = detectPersonalData(text)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const id = `approve-${proposalId}`
  return (
    <form action={formAction} className="space-y-3" data-testid="approve-form">
      <input type="hidden" name="proposalId" value={proposalId} />
      <div className="space-y-1">
        <label htmlFor={`${id}-content`} className="block text-sm font-medium text-slate-800">
          Lesson to share (edit before approving)
        </label>
        <textarea
          id={`${id}-content`}
          name="content"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={2}
          maxLength={280}
          aria-invalid={errors?.content?.length ? true : undefined}
          aria-describedby={`${id}-check`}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm aria-invalid:border-red-500"
        />
        {errors?.content?.length ? (
          <p className="text-sm text-red-700" data-field-error="content">
            {errors.content.join(' · ')}
          </p>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-tags`}
          label="Tags"
          name="tags"
          defaultValue={tags.join(', ')}
          hint="Comma-separated; runs with a shared tag recall it first."
          errors={errors?.tags}
        />
        <TextField
          id={`${id}-task-key`}
          label="Task key"
          name="taskKey"
          defaultValue={taskKey ?? ''}
          hint="Runs with this task key recall it first."
          errors={errors?.taskKey}
        />
      </div>
      <div id={`${id}-check`} aria-live="polite">
        {found.length > 0 ? (
          <div
            className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
            data-testid="personal-data-warning"
          >
            <p className="font-medium text-amber-950">
              This may contain personal data ({personalDataKinds(found)}): remove it, or confirm it is not personal.
            </p>
            <p className="rounded bg-white px-2 py-1 text-slate-900">
              <HighlightedText text={text} ranges={found} />
            </p>
            <label className="flex items-start gap-2 text-amber-950">
              <input type="checkbox" name="confirmPersonalData" className="mt-0.5 size-4" />
              <span>I confirm this is not personal data</span>
            </label>
          </div>
        ) : (
          <p className="text-xs text-emerald-800">No personal data detected (e-mails, phone numbers, tokens, names).</p>
        )}
      </div>
      <FormStatus result={result} success="Approved: the lesson is now shared." />
      <Button type="submit" pending={pending}>
        Approve and share
      </Button>
    </form>
  )
}
