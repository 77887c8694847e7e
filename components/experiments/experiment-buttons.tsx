'use client'

import { Button } from '@/components/ui/button'
import { NavigatingForm } from './navigating-form'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Cancels a running experiment. */
export function CancelExperimentButton<Data>({
  experimentId,
  action,
}: {
  experimentId: string
  action: ServerAction<Data>
}) {
  return (
    <NavigatingForm
      action={action}
      testId="cancel-experiment"
      success="Cancelled."
      className="inline-flex flex-col gap-2"
    >
      {({ pending }) => (
        <>
          <input type="hidden" name="experimentId" value={experimentId} />
          <Button type="submit" variant="danger" pending={pending}>
            Cancel experiment
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}

/** "Test this lesson": builds a dataset from past runs and starts the experiment, then opens it. */
export function TestLessonButton<Data>({ lessonId, action }: { lessonId: string; action: ServerAction<Data> }) {
  return (
    <NavigatingForm action={action} testId="test-lesson" className="inline-flex flex-col gap-2">
      {({ pending }) => (
        <>
          <input type="hidden" name="lessonId" value={lessonId} />
          <Button type="submit" variant="secondary" pending={pending} className="min-h-9 px-3 py-1.5">
            {pending ? 'Starting…' : 'Test this lesson'}
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}

/** Removes one dataset item (a new version). */
export function RemoveItemButton<Data>({
  datasetId,
  position,
  action,
}: {
  datasetId: string
  position: number
  action: ServerAction<Data>
}) {
  return (
    <NavigatingForm action={action} className="inline-flex flex-col gap-1">
      {({ pending }) => (
        <>
          <input type="hidden" name="datasetId" value={datasetId} />
          <input type="hidden" name="position" value={position} />
          <Button
            type="submit"
            variant="secondary"
            pending={pending}
            className="min-h-9 px-3 py-1.5"
            aria-label={`Remove task ${position + 1}`}
          >
            Remove
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}
