'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'
import type { CancelOutcome } from '@/lib/services/runs/cancel-run'

/** The page's server action that cancels a run. */
export type CancelRunAction = ServerAction<{ outcome: CancelOutcome }>

const OUTCOMES: Record<CancelOutcome, string> = {
  requested: 'Cancellation requested: the run stops at its next step.',
  ended: 'Cancelled before it started.',
  already_finished: 'The run had already finished.',
}

/** Asks the server to cancel the run; the timeline shows the run.interrupted event when it stops. */
export function CancelRunButton({ runId, action }: { runId: string; action: CancelRunAction }) {
  const [result, formAction, pending] = useActionState(action, null)
  return (
    <form action={formAction} className="flex flex-col items-start gap-2">
      <input type="hidden" name="runId" value={runId} />
      <Button type="submit" variant="danger" pending={pending} disabled={result?.ok === true}>
        {pending ? 'Cancelling…' : 'Cancel run'}
      </Button>
      <FormStatus result={result} success={result?.ok ? OUTCOMES[result.data.outcome] : undefined} />
    </form>
  )
}
