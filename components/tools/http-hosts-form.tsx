'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** The hosts http_fetch may GET, one per line or comma-separated. */
export function HttpHostsForm<Data>({ hosts, action }: { hosts: string[]; action: ServerAction<Data> }) {
  const [result, formAction, pending] = useActionState(action, null)
  const errors = result && !result.ok ? result.fieldErrors?.allowedHosts : undefined
  return (
    <form action={formAction} className="space-y-2" data-testid="http-hosts-form" noValidate>
      <label htmlFor="allowed-hosts" className="block text-sm font-medium text-slate-800">
        Allowed hosts
      </label>
      <textarea
        id="allowed-hosts"
        name="allowedHosts"
        rows={2}
        defaultValue={hosts.join('\n')}
        spellCheck={false}
        placeholder={'api.example.com\n*.wikipedia.org'}
        aria-describedby={errors ? 'allowed-hosts-error' : 'allowed-hosts-hint'}
        aria-invalid={errors ? true : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs aria-invalid:border-red-500"
      />
      {errors ? (
        <p id="allowed-hosts-error" className="text-sm text-red-700">
          {[...new Set(errors)].join(' ')}
        </p>
      ) : (
        <p id="allowed-hosts-hint" className="text-xs text-slate-500">
          Host names only; *.example.com allows its subdomains. Addresses must still be public.
        </p>
      )}
      <FormStatus result={result} success={result?.ok ? 'Saved the allowed hosts.' : undefined} />
      <Button type="submit" variant="secondary" pending={pending} className="min-h-9 px-3 py-1.5">
        Save hosts
      </Button>
    </form>
  )
}
