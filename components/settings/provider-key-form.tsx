'use client'

import { useActionState, useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { FormStatus } from '@/components/ui/form-status'
import type { ServerAction } from '@/lib/boundary/actions/action'

/** Saves (or replaces) one provider's key; the key field is cleared after saving and never filled back in. */
export function ProviderKeyForm<Data extends { lastFour: string }>({
  provider,
  label,
  stored,
  baseUrl,
  action,
}: {
  provider: string
  label: string
  stored: boolean
  baseUrl: string | null
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
      data-testid={`provider-form-${provider}`}
      autoComplete="off"
      noValidate
    >
      <input type="hidden" name="provider" value={provider} />
      <TextField
        id={`${provider}-apiKey`}
        label={stored ? `New ${label} key` : `${label} API key`}
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        required
        hint="Stored encrypted; afterwards only its last four characters are shown."
        errors={errors?.apiKey}
      />
      {provider !== 'anthropic' ? (
        <TextField
          id={`${provider}-baseUrl`}
          label={provider === 'compatible' ? 'Base URL' : 'Base URL (optional)'}
          name="baseUrl"
          type="url"
          defaultValue={baseUrl ?? ''}
          placeholder={provider === 'compatible' ? 'http://localhost:11434/v1' : 'https://api.openai.com/v1'}
          required={provider === 'compatible'}
          errors={errors?.baseUrl}
        />
      ) : null}
      <FormStatus
        result={result}
        success={result?.ok ? `Saved. The key ends in ${result.data.lastFour}.` : undefined}
      />
      <Button type="submit" pending={pending}>
        {stored ? 'Replace key' : 'Save key'}
      </Button>
    </form>
  )
}
