import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react'

/** The attributes that tie a control to its label, hint and errors. */
export type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }

/** The class of text controls and selects (red border when invalid). */
export const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 aria-invalid:border-red-500'

/**
 * The one field shell of the app: a label, the control `children` renders with the attributes that tie
 * it to its label, hint and errors (`aria-describedby` points at the error when there is one, else at
 * the hint), then the hint or the errors. TextField and SelectField are this with a plain control.
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

/** A labelled text input with an optional hint and the field's errors (linked by aria-describedby). */
export function TextField({
  label,
  name,
  hint,
  errors,
  id = name,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string; errors?: string[] }) {
  return (
    <FormField id={id} label={label} hint={hint} errors={errors}>
      {(control) => <input {...control} name={name} className={controlClass} {...rest} />}
    </FormField>
  )
}

/** A labelled select with the field's errors. */
export function SelectField({
  label,
  name,
  hint,
  errors,
  options,
  id = name,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string
  name: string
  hint?: string
  errors?: string[]
  options: { value: string; label: string }[]
}) {
  return (
    <FormField id={id} label={label} hint={hint} errors={errors}>
      {(control) => (
        <select {...control} name={name} className={controlClass} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}
