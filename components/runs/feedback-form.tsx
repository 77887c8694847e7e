'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import { MAX_FEEDBACK_COMMENT_CHARS } from '@/lib/services/feedback/feedback-input'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Rate the run or one attempt: thumbs up or down and a comment; recorded in the run's log. */
export function FeedbackForm<Data>({
  runId,
  attempts,
  action,
}: {
  runId: string
  attempts: number[]
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <form action={formAction} className="space-y-3" aria-label="Rate this run" data-testid="feedback-form">
      <input type="hidden" name="runId" value={runId} />
      <div className="flex flex-wrap items-end gap-3">
        <label className="space-y-1 text-sm">
          <span className="block font-medium text-slate-800">What you rate</span>
          <select
            name="attempt"
            defaultValue=""
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <option value="">The whole run</option>
            {attempts.map((attempt) => (
              <option key={attempt} value={attempt}>
                Attempt {attempt}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex gap-3 text-sm">
          <legend className="mb-1 font-medium text-slate-800">Rating</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="rating" value="up" defaultChecked /> 👍 Helpful
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="rating" value="down" /> 👎 Not helpful
          </label>
        </fieldset>
      </div>
      {errors?.attempt ? <p className="text-sm text-red-700">{errors.attempt.join(' ')}</p> : null}
      <label className="block space-y-1 text-sm">
        <span className="block font-medium text-slate-800">Comment (optional)</span>
        <textarea
          name="comment"
          rows={2}
          maxLength={MAX_FEEDBACK_COMMENT_CHARS}
          aria-invalid={errors?.comment ? true : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
      </label>
      {errors?.comment ? <p className="text-sm text-red-700">{errors.comment.join(' ')}</p> : null}
      <Button type="submit" pending={pending}>
        {pending ? 'Saving…' : 'Send rating'}
      </Button>
      <FormStatus
        result={result}
        success={result?.ok ? 'Thank you: your rating is recorded in the run’s log.' : undefined}
      />
    </form>
  )
}
