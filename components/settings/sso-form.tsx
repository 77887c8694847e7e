'use client'

import { useActionState } from 'react'
import { Button } from '@/components/ui/button'
import type { ServerAction } from '@/lib/boundary/actions/action'
import type { SsoSettings } from '@/lib/services/sso/sso-settings'

/** The tenant's SSO settings form: auto-join domains, their role, and whether password sign-in still works here. */
export function SsoForm({ action, settings }: { action: ServerAction<SsoSettings>; settings: SsoSettings }) {
  const [result, formAction, pending] = useActionState(action, null)
  const fieldError = (name: keyof SsoSettings) =>
    result && !result.ok ? result.fieldErrors?.[name]?.join(' ') : undefined
  const shown = result?.ok ? result.data : settings
  return (
    <form action={formAction} className="space-y-4 text-sm" data-testid="sso-form">
      <div className="space-y-1">
        <label htmlFor="sso-domains" className="font-medium text-slate-800">
          E-mail domains that join automatically
        </label>
        <textarea
          id="sso-domains"
          name="domains"
          rows={3}
          defaultValue={shown.domains.join('\n')}
          placeholder="example.com"
          aria-invalid={fieldError('domains') ? true : undefined}
          aria-describedby="sso-domains-hint"
          className="block w-full max-w-md rounded-md border border-slate-300 px-2 py-1.5 font-mono shadow-sm aria-invalid:border-red-500"
        />
        <p id="sso-domains-hint" className="text-xs text-slate-500">
          People whose verified e-mail is at one of these domains join when they first sign in with single sign-on.
        </p>
        {fieldError('domains') ? (
          <p role="alert" className="text-red-700">
            {fieldError('domains')}
          </p>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor="sso-role" className="font-medium text-slate-800">
          They join as
        </label>
        <select
          id="sso-role"
          name="defaultRole"
          defaultValue={shown.defaultRole}
          className="block rounded-md border border-slate-300 bg-white px-2 py-1.5 shadow-sm"
        >
          <option value="member">member</option>
          <option value="support">support</option>
        </select>
      </div>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="passwordSignIn"
          defaultChecked={shown.passwordSignIn}
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
        />
        <span>
          Allow password sign-in
          <span className="block text-xs text-slate-500">
            Off: only sessions signed in with single sign-on may act in this organisation.
          </span>
        </span>
      </label>
      <Button type="submit" variant="secondary" pending={pending}>
        Save single sign-on settings
      </Button>
      {result && !result.ok && !result.fieldErrors ? (
        <p role="alert" className="text-red-700">
          {result.error}
        </p>
      ) : null}
      {result?.ok ? (
        <p role="status" className="text-xs text-emerald-700">
          Saved.
        </p>
      ) : null}
    </form>
  )
}
