'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** The relevance floor and the embedding model of lesson recall. */
export function RecallSettingsForm<Data>({
  floor,
  embeddingModel,
  action,
}: {
  floor: number
  embeddingModel: string
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <form action={formAction} className="space-y-4" data-testid="recall-settings-form">
      <TextField
        label="Embedding model"
        name="embeddingModel"
        defaultValue={embeddingModel}
        placeholder="offline"
        list="embedding-models"
        hint="offline (built in, no provider), openai:text-embedding-3-small, or compatible:<model> with the compatible provider's key. A change re-embeds every lesson in the background; recall keeps the current model until it is done."
        errors={errors?.embeddingModel}
      />
      <datalist id="embedding-models">
        <option value="offline" />
        <option value="openai:text-embedding-3-small" />
        <option value="compatible:nomic-embed-text" />
      </datalist>
      <TextField
        label="Relevance floor"
        name="floor"
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        max={1}
        defaultValue={String(floor)}
        hint="A lesson less similar than this to the task is not recalled (0 to 1; default 0.25). Higher recalls less."
        errors={errors?.floor}
      />
      <FormStatus result={result} success="Recall settings saved." />
      <Button type="submit" pending={pending}>
        Save recall settings
      </Button>
    </form>
  )
}
