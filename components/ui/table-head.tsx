/** A column of a table header: its label, extra classes (e.g. `hidden sm:table-cell`), or a label only screen readers hear. */
export type Column = string | { label: string; className?: string; visuallyHidden?: boolean }

/** The header row every data table of the app uses: small upper-case labels over a rule. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
      <tr>
        {columns.map((column) => {
          const {
            label,
            className = '',
            visuallyHidden = false,
          } = typeof column === 'string' ? { label: column } : column
          return (
            <th key={label} scope="col" className={`px-5 py-2 font-medium ${className}`.trim()}>
              {visuallyHidden ? <span className="sr-only">{label}</span> : label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
