'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

const EVENTS = [
  { value: 'run.finished', note: 'a run ended (any status)' },
  { value: 'run.failed', note: 'a run failed or was interrupted' },
  { value: 'proposal.created', note: 'a member proposed a lesson for sharing' },
]

/** Adds an endpoint and shows its signing secret once. */
export function WebhookForm<Data extends { secret: string }>({ action }: { action: ServerAction<Data> }) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <div className="space-y-4">
      <form action={formAction} className="space-y-4" data-testid="webhook-form" autoComplete="off" noValidate>
        <TextField
          id="webhook-url"
          label="URL"
          name="url"
          type="url"
          required
          placeholder="https://example.com/hooks/reflexion"
          hint="Private and loopback addresses are refused unless the operator allows them (OUTBOUND_ALLOW)."
          errors={errors?.url}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Events</legend>
          {EVENTS.map((event) => (
            <label key={event.value} className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="events" value={event.value} className="mt-1 h-4 w-4" />
              <span>
                <span className="font-mono">{event.value}</span> <span className="text-slate-500">— {event.note}</span>
              </span>
            </label>
          ))}
          {errors?.events ? <p className="text-sm text-red-700">{errors.events.join(' ')}</p> : null}
        </fieldset>
        <TextField
          id="webhook-description"
          label="Description (optional)"
          name="description"
          errors={errors?.description}
        />
        <FormStatus result={result && !result.ok ? result : null} />
        <Button type="submit" pending={pending}>
          Add endpoint
        </Button>
      </form>
      {result?.ok ? (
        <div
          role="status"
          className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-3"
          data-testid="new-webhook-secret"
        >
          <p className="text-sm font-medium text-emerald-900">Signing secret (shown only once):</p>
          <label htmlFor="new-webhook-secret-value" className="sr-only">
            Signing secret
          </label>
          <input
            id="new-webhook-secret-value"
            readOnly
            value={result.data.secret}
            className="w-full rounded border border-emerald-300 bg-white px-2 py-1 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
    </div>
  )
}
