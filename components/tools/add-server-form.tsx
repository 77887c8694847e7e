'use client'

import { useActionState, useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Registers an MCP server over Streamable HTTP; header values are write-only (stored encrypted). */
export function AddServerForm<Data extends { ok: boolean; message: string }>({
  action,
}: {
  action: ServerAction<Data>
}) {
  const [result, formAction, pending] = useActionState(action, null)
  const form = useRef<HTMLFormElement>(null)
  const errors = result && !result.ok ? result.fieldErrors : undefined
  useEffect(() => {
    if (result?.ok) form.current?.reset()
  }, [result])
  return (
    <form
      ref={form}
      action={formAction}
      className="space-y-3"
      data-testid="add-server-form"
      autoComplete="off"
      noValidate
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <TextField
          label="Name"
          name="name"
          id="server-name"
          placeholder="weather"
          hint="Its tools are named name__tool."
          errors={errors?.name}
        />
        <TextField
          label="URL"
          name="url"
          id="server-url"
          type="url"
          placeholder="https://tools.example.com/mcp"
          hint="The Streamable HTTP endpoint. Private and loopback addresses are refused."
          errors={errors?.url}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="server-headers" className="block text-sm font-medium text-slate-800">
          Headers (optional)
        </label>
        <textarea
          id="server-headers"
          name="headers"
          rows={2}
          spellCheck={false}
          placeholder="Authorization: Bearer …"
          aria-describedby={errors?.headers ? 'server-headers-error' : 'server-headers-hint'}
          aria-invalid={errors?.headers ? true : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs aria-invalid:border-red-500"
        />
        {errors?.headers ? (
          <p id="server-headers-error" className="text-sm text-red-700">
            {errors.headers.join(' ')}
          </p>
        ) : (
          <p id="server-headers-hint" className="text-xs text-slate-500">
            One “Name: value” a line. Values are encrypted at rest and never shown again.
          </p>
        )}
      </div>
      {result?.ok && !result.data.ok ? (
        <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Saved, but the check failed: {result.data.message}
        </p>
      ) : (
        <FormStatus result={result} success={result?.ok ? `Saved. ${result.data.message}` : undefined} />
      )}
      <Button type="submit" pending={pending}>
        {pending ? 'Connecting…' : 'Add server'}
      </Button>
    </form>
  )
}
