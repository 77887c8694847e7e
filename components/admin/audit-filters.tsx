/** The audit page's filter form (GET): action, actor, date range. */
export function AuditFilters({
  actions,
  actors,
  value,
}: {
  actions: string[]
  actors: { id: string; name: string }[]
  value: { action: string; actor: string; from: string; to: string }
}) {
  const control = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm'
  return (
    <form
      method="get"
      action="/admin/audit"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
      aria-label="Filter the audit log"
    >
      <div className="space-y-1">
        <label htmlFor="audit-action" className="block text-sm font-medium text-slate-800">
          Action
        </label>
        <select id="audit-action" name="action" defaultValue={value.action} className={control}>
          <option value="">All actions</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-actor" className="block text-sm font-medium text-slate-800">
          Who
        </label>
        <select id="audit-actor" name="actor" defaultValue={value.actor} className={control}>
          <option value="">Anyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-from" className="block text-sm font-medium text-slate-800">
          From
        </label>
        <input id="audit-from" type="date" name="from" defaultValue={value.from} className={control} />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-to" className="block text-sm font-medium text-slate-800">
          To
        </label>
        <input id="audit-to" type="date" name="to" defaultValue={value.to} className={control} />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className="min-h-10 rounded-md bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Filter
        </button>
        <a
          href="/admin/audit"
          className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-sm hover:bg-slate-100"
        >
          Clear
        </a>
      </div>
    </form>
  )
}
