import Link from 'next/link'

/** A task template the form can start from. */
export type TaskTemplate = { id: string; title: string; summary: string }

/** Links that reload the form filled from a template (works without scripts). */
export function TemplatePicker({ templates, selected }: { templates: TaskTemplate[]; selected: string }) {
  return (
    <nav aria-label="Start from a template">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Start from</h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {templates.map((template) => (
          <li key={template.id}>
            <Link
              href={template.id === 'blank' ? '/tasks/new' : `/tasks/new?template=${encodeURIComponent(template.id)}`}
              aria-current={template.id === selected ? 'true' : undefined}
              data-template={template.id}
              className="block rounded-md border border-slate-200 bg-white px-3 py-2 text-sm hover:border-indigo-300 hover:bg-indigo-50 aria-[current=true]:border-indigo-500 aria-[current=true]:bg-indigo-50"
            >
              <span className="block font-medium text-slate-900">{template.title}</span>
              <span className="block text-xs text-slate-600">{template.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
