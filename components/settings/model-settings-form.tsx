'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** The tenant's default model, the demo model's delay per call, and whether the support agent masks e-mail addresses. */
export function ModelSettingsForm<Data>({
  defaultModel,
  supportRedactEmails,
  demoLatencyMs,
  action,
}: {
  defaultModel: string | null
  supportRedactEmails: boolean
  demoLatencyMs: number | null
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <form action={formAction} className="space-y-4" data-testid="model-settings-form">
      <TextField
        label="Default model"
        name="defaultModel"
        defaultValue={defaultModel ?? ''}
        placeholder="openai:gpt-4.1-mini"
        hint="Used when a task leaves the model empty: openai:…, anthropic:…, compatible:…; empty = the offline demo model."
        errors={errors?.defaultModel}
      />
      <TextField
        label="Demo model delay (ms per call)"
        name="demoLatencyMs"
        type="number"
        inputMode="numeric"
        min={0}
        max={10000}
        defaultValue={demoLatencyMs ?? ''}
        hint="Slows each call of the offline demo model so people can watch a run move; 0 or empty = no delay."
        errors={errors?.demoLatencyMs}
      />
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Support agent</legend>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="supportRedactEmails"
            defaultChecked={supportRedactEmails}
            className="mt-0.5 size-4"
          />
          <span>
            Mask e-mail addresses in run logs the support agent reads (API keys and tokens are always masked).
          </span>
        </label>
      </fieldset>
      <FormStatus result={result} success="Settings saved." />
      <Button type="submit" pending={pending}>
        Save settings
      </Button>
    </form>
  )
}
