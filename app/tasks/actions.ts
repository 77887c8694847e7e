'use server'

import { redirect } from 'next/navigation'
import { action } from '@/lib/boundary/actions/action'
import type { ActionResult } from '@/lib/errors'
import { submitTaskForm } from '@/lib/services/runs/forms'

const submit = action(submitTaskForm, { revalidate: ['/runs'] })

/** Submits a task; on success goes to its run page, otherwise returns the form and field errors. */
export async function submitTaskAction(
  previous: ActionResult<{ runId: string }> | null | undefined,
  input: FormData | object,
): Promise<ActionResult<{ runId: string }>> {
  const result = await submit(previous, input)
  if (result.ok) redirect(`/runs/${encodeURIComponent(result.data.runId)}`)
  return result
}
