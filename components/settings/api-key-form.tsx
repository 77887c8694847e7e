'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

const SCOPE_NOTES: Record<string, string> = {
  'runs:read': 'read runs, their events and stream; ask the support agent; MCP',
  'runs:write': 'submit and cancel runs',
  'lessons:read': 'read lessons (and shared lessons, proposals for admins)',
  'lessons:write': 'create, propose and delete lessons',
  admin: 'tenant administration',
}

/** Creates a key and shows its secret once, with a copyable field; the scopes offered are those the role may use. */
export function ApiKeyForm<Data extends { secret: string }>({
  scopes,
  mayCreateTenantKeys,
  action,
}: {
  scopes: string[]
  mayCreateTenantKeys: boolean
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  return (
    <div className="space-y-4">
      <form action={formAction} className="space-y-4" data-testid="api-key-form" autoComplete="off" noValidate>
        <TextField
          id="api-key-name"
          label="Name"
          name="name"
          required
          hint="What uses it, e.g. CI pipeline."
          errors={errors?.name}
        />
        {mayCreateTenantKeys ? (
          <SelectField
            id="api-key-kind"
            label="Kind"
            name="kind"
            hint="A personal key acts as you. A tenant key acts as you while you are an admin, and every admin can revoke it."
            options={[
              { value: 'personal', label: 'Personal' },
              { value: 'tenant', label: 'Tenant' },
            ]}
            errors={errors?.kind}
          />
        ) : (
          <input type="hidden" name="kind" value="personal" />
        )}
        <fieldset className="space-y-2" aria-describedby={errors?.scopes ? 'api-key-scopes-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="scopes" value={scope} className="mt-1 h-4 w-4" />
              <span>
                <span className="font-mono">{scope}</span>{' '}
                <span className="text-slate-500">— {SCOPE_NOTES[scope]}</span>
              </span>
            </label>
          ))}
          {errors?.scopes ? (
            <p id="api-key-scopes-error" className="text-sm text-red-700">
              {errors.scopes.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <TextField
          id="api-key-expires"
          label="Expires after (days)"
          name="expiresInDays"
          type="number"
          min={1}
          max={3650}
          hint="Leave empty for a key that does not expire."
          errors={errors?.expiresInDays}
        />
        <FormStatus result={result && !result.ok ? result : null} />
        <Button type="submit" pending={pending}>
          Create key
        </Button>
      </form>
      {result?.ok ? (
        <div
          role="status"
          className="space-y-2 rounded-md border border-emerald-300 bg-emerald-50 p-3"
          data-testid="new-api-key"
        >
          <p className="text-sm font-medium text-emerald-900">Copy this key now: it is shown only once.</p>
          <label htmlFor="new-api-key-secret" className="sr-only">
            New API key
          </label>
          <input
            id="new-api-key-secret"
            readOnly
            value={result.data.secret}
            className="w-full rounded border border-emerald-300 bg-white px-2 py-1 font-mono text-xs break-all"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
    </div>
  )
}
