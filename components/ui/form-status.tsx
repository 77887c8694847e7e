'use client'

import type { ActionResult } from '@/lib/errors'
import { KeepFieldValues } from './keep-field-values'

/** The outcome of a form: the error (announced) or, when given, a success message; on an error every field keeps its value. */
export function FormStatus({
  result,
  success,
}: {
  result: ActionResult<unknown> | null | undefined
  success?: string
}) {
  // One stable tree, so the value keeper stays mounted from the submit to the answer.
  return (
    <>
      <KeepFieldValues result={result} />
      {result && !result.ok ? (
        <p
          role="alert"
          data-testid="form-error"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {result.error}
        </p>
      ) : null}
      {result?.ok && success ? (
        <p
          role="status"
          data-testid="form-success"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {success}
        </p>
      ) : null}
    </>
  )
}
