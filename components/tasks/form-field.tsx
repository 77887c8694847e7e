import type { ReactNode } from 'react'

/** The attributes that tie a control to its label, hint and errors. */
export type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

/** The class of the form's text controls (red border when invalid). */
export const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 aria-invalid:border-red-500'

/**
 * A labelled control with an optional hint and the errors of its field (by dotted path); the control
 * gets `aria-describedby` pointing at the error when there is one, else at the hint.
 */
export function FormField({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  errors?: string[]
  children: (control: ControlProps) => ReactNode
}) {
  const invalid = Boolean(errors?.length)
  const describedBy = invalid ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !invalid ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={id}>
          {errors?.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** A dotted field path as an element id (`reflexion.threshold` → `field-reflexion-threshold`). */
export function fieldId(path: string): string {
  return `field-${path.replace(/\./g, '-')}`
}
