import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react'

const controlClass =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 aria-invalid:border-red-500 border-slate-300'

function FieldShell({
  id,
  label,
  hint,
  errors,
  children,
}: {
  id: string
  label: string
  hint?: string
  errors?: string[]
  children: ReactNode
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !errors?.length ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={id}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

function describedBy(id: string, hint?: string, errors?: string[]) {
  if (errors?.length) return `${id}-error`
  return hint ? `${id}-hint` : undefined
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
    <FieldShell id={id} label={label} hint={hint} errors={errors}>
      <input
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={controlClass}
        {...rest}
      />
    </FieldShell>
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
    <FieldShell id={id} label={label} hint={hint} errors={errors}>
      <select
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={controlClass}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
