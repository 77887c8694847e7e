import type { Metadata } from 'next'
import { Suspense } from 'react'
import { TaskForm } from '@/components/tasks/task-form'
import { TaskFormSkeleton } from '@/components/tasks/task-form-skeleton'
import type { Caller } from '@/lib/services/auth/caller'
import { BLANK_TASK, valuesFromDraft } from '@/components/tasks/task-form-values'
import { TemplatePicker, type TaskTemplate } from '@/components/tasks/template-picker'
import { PageHeader } from '@/components/ui/page-header'
import { can } from '@/lib/services/auth/permissions'
import { requirePageAccess } from '@/lib/services/auth/session'
import { listSelectableTools } from '@/lib/services/tools/tool-catalog'
import { ALL_DEMO_SCENARIOS } from '@/lib/adapters/models/demo/scenarios'
import { defaultAgentModelLabel } from '@/lib/services/runs/default-agent-model'
import { submitTaskAction } from '../actions'
import { EVALUATOR_LABELS } from '@/lib/services/runs/labels'

export const metadata: Metadata = { title: 'New task' }

const TEMPLATES: TaskTemplate[] = [
  { id: 'blank', title: 'Blank task', summary: 'Your own prompt and evaluator.' },
  ...ALL_DEMO_SCENARIOS.map((scenario) => ({
    id: scenario.id,
    title: scenario.title,
    summary: `Offline demo · ${EVALUATOR_LABELS[scenario.task.evaluator?.kind ?? 'llm']} evaluator${scenario.task.tools?.length ? ` · tool: ${scenario.task.tools.join(', ')}` : ''}`,
  })),
]

export default async function NewTaskPage({
  searchParams,
}: {
  searchParams: Promise<{ template?: string | string[] }>
}) {
  const caller = await requirePageAccess('runs.create')
  const requested = (await searchParams).template
  const scenario = ALL_DEMO_SCENARIOS.find((candidate) => candidate.id === requested)
  const initial = scenario ? valuesFromDraft(scenario.task) : BLANK_TASK
  return (
    <div>
      <PageHeader
        title="New task"
        description="The agent tries, is scored, writes a lesson when it falls short, and tries again with it."
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <TemplatePicker templates={TEMPLATES} selected={scenario?.id ?? 'blank'} />
        <Suspense fallback={<TaskFormSkeleton />}>
          <FormWithDefaults key={scenario?.id ?? 'blank'} caller={caller} initial={initial} />
        </Suspense>
      </div>
    </div>
  )
}

async function FormWithDefaults({ caller, initial }: { caller: Caller; initial: typeof BLANK_TASK }) {
  const [defaultModel, tools] = await Promise.all([defaultAgentModelLabel(caller), listSelectableTools(caller)])
  return (
    <TaskForm
      action={submitTaskAction}
      initial={initial}
      defaultModel={defaultModel}
      tools={tools}
      canManageTools={can(caller.role, 'settings.manage')}
    />
  )
}
