import type { TextareaHTMLAttributes } from 'react'

/** A labelled textarea with its hint and errors (linked by aria-describedby). */
export function TextareaField({
  label,
  name,
  hint,
  errors,
  id = name,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; hint?: string; errors?: string[] }) {
  const described = errors?.length ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-sm aria-invalid:border-red-500"
        {...rest}
      />
      {hint && !errors?.length ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <ul id={`${id}-error`} className="list-disc pl-5 text-sm text-red-700" data-field-error={id}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
