/** An audit entry's details as a readable list: `before`/`after` pairs side by side, nested values as compact JSON. */
export function AuditDetails({ details }: { details: unknown }) {
  if (!details || typeof details !== 'object' || Array.isArray(details) || Object.keys(details).length === 0)
    return <span className="text-slate-400">—</span>
  const { before, after, ...rest } = details as Record<string, unknown>
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    !!value && typeof value === 'object' && !Array.isArray(value)
  const changes =
    isRecord(before) && isRecord(after)
      ? [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        )
      : null
  const entries = changes ? Object.entries(rest) : Object.entries(details as Record<string, unknown>)
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
      {changes && isRecord(before) && isRecord(after)
        ? changes.map((key) => (
            <div key={`change-${key}`} className="contents">
              <dt className="font-medium text-slate-500">{words(key)}</dt>
              <dd className="min-w-0 break-words text-slate-800">
                <del className="text-red-800">{render(before[key])}</del> <span aria-label="changed to">→</span>{' '}
                <ins className="text-emerald-800 no-underline">{render(after[key])}</ins>
              </dd>
            </div>
          ))
        : null}
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-500">{words(key)}</dt>
          <dd className="min-w-0 break-words text-slate-800">{render(value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function words(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
}

function render(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 299)}…` : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object'))
    return value.length ? value.join(', ') : '—'
  const text = JSON.stringify(value)
  return text.length > 400 ? `${text.slice(0, 399)}…` : text
}
