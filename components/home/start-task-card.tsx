import Link from 'next/link'
import { Card } from '@/components/ui/card'
import type { DemoScenario } from '@/lib/adapters/models/demo/scenarios'
import { TextLink } from '@/components/ui/text-link'

/** The demo templates as links to a prefilled new-task form, and the model they run on. */
export function StartTaskCard({ scenarios, modelLabel }: { scenarios: DemoScenario[]; modelLabel: string }) {
  return (
    <Card title="Start a task">
      <p className="mb-3 text-sm text-slate-600">
        Pick a demo task to see the agent retry and learn. Model:{' '}
        <span className="font-medium text-slate-900" data-testid="home-model">
          {modelLabel}
        </span>
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {scenarios.map((scenario) => (
          <li key={scenario.id}>
            <Link
              href={`/tasks/new?template=${encodeURIComponent(scenario.id)}`}
              data-template={scenario.id}
              className="block h-full rounded-md border border-slate-200 px-4 py-3 text-sm font-medium text-slate-900 hover:border-indigo-300 hover:bg-indigo-50"
            >
              {scenario.title}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <TextLink href="/tasks/new">Write your own task</TextLink>
      </p>
    </Card>
  )
}
