import type { ActionResult } from '@/lib/errors'

/** The outcome of a form: the error (announced) or, when given, a success message. */
export function FormStatus({
  result,
  success,
}: {
  result: ActionResult<unknown> | null | undefined
  success?: string
}) {
  if (!result) return null
  if (!result.ok) {
    return (
      <p
        role="alert"
        data-testid="form-error"
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      >
        {result.error}
      </p>
    )
  }
  return success ? (
    <p
      role="status"
      data-testid="form-success"
      className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
    >
      {success}
    </p>
  ) : null
}
