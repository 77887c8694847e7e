'use client'

import { useActionState, useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { FormStatus } from '@/components/ui/form-status'
import { EvaluatorFields } from './evaluator-fields'
import { controlClass, fieldId, FormField } from '@/components/ui/field'
import type { TaskFormValues } from './task-form-values'
import { ToolPicker, type PickableTool } from './tool-picker'
import { WorkerRows } from './worker-rows'
import type { ServerAction } from '@/lib/boundary/actions/action'
import { modelDisplayLabel } from '@/lib/services/runs/labels'

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-1 text-base font-semibold text-slate-900">{title}</legend>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        {children}
      </fieldset>
    </div>
  )
}

/**
 * The New task form. Every control is controlled, so a refused submission keeps what was typed;
 * the server answers with field errors keyed by dotted path, each shown under its field.
 */
export function TaskForm<Data>({
  action,
  initial,
  defaultModel,
  tools = [],
  canManageTools = false,
}: {
  initial: TaskFormValues
  defaultModel: string
  tools?: PickableTool[]
  canManageTools?: boolean
  /** Submits the task (the page's server action). */
  action: ServerAction<Data>
}) {
  const [values, setValues] = useState(initial)
  const [result, formAction, pending] = useActionState(action, null)
  const errors = (result && !result.ok ? result.fieldErrors : undefined) ?? {}
  const form = useRef<HTMLFormElement>(null)
  const change = (update: Partial<TaskFormValues>) => setValues((previous) => ({ ...previous, ...update }))

  useEffect(() => {
    if (!result || result.ok) return
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[role="alert"]')
    target?.focus()
  }, [result])

  const number = (path: string, key: keyof TaskFormValues, label: string, hint: string, step = '1') => (
    <FormField id={fieldId(path)} label={label} hint={hint} errors={errors[path]}>
      {(control) => (
        <input
          {...control}
          name={path}
          type="number"
          inputMode="decimal"
          step={step}
          value={values[key] as string}
          onChange={(event) => change({ [key]: event.target.value })}
          className={controlClass}
        />
      )}
    </FormField>
  )
  const model = (
    path: string,
    key: 'agentModel' | 'evaluatorModel' | 'reflectorModel',
    label: string,
    fallback: string,
  ) => (
    <FormField
      id={fieldId(path)}
      label={label}
      hint={values[key] ? `Uses ${modelDisplayLabel(values[key])}.` : `Empty: uses ${fallback}.`}
      errors={errors[path]}
    >
      {(control) => (
        <input
          {...control}
          name={path}
          value={values[key]}
          placeholder="provider:model"
          onChange={(event) => change({ [key]: event.target.value })}
          className={`${controlClass} font-mono text-xs`}
        />
      )}
    </FormField>
  )
  const agentFallback = values.agentModel ? modelDisplayLabel(values.agentModel) : defaultModel

  return (
    <form ref={form} action={formAction} noValidate className="space-y-6" aria-label="New task">
      <FormStatus result={result} />
      {errors[''] ? <p className="text-sm text-red-700">{errors[''].join(' ')}</p> : null}
      <Section title="Task">
        <FormField
          id={fieldId('title')}
          label="Title (optional)"
          hint="Defaults to the first line of the prompt."
          errors={errors.title}
        >
          {(control) => (
            <input
              {...control}
              name="title"
              value={values.title}
              onChange={(event) => change({ title: event.target.value })}
              className={controlClass}
            />
          )}
        </FormField>
        <FormField
          id={fieldId('prompt')}
          label="Prompt"
          hint="What the agent should do. At most 20,000 characters."
          errors={errors.prompt}
        >
          {(control) => (
            <textarea
              {...control}
              name="prompt"
              rows={5}
              value={values.prompt}
              onChange={(event) => change({ prompt: event.target.value })}
              className={controlClass}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={fieldId('taskKey')}
            label="Task key (optional)"
            hint="Lessons with the same key are recalled first, e.g. walking-tour."
            errors={errors.taskKey}
          >
            {(control) => (
              <input
                {...control}
                name="taskKey"
                value={values.taskKey}
                placeholder="walking-tour"
                onChange={(event) => change({ taskKey: event.target.value })}
                className={`${controlClass} font-mono text-xs`}
              />
            )}
          </FormField>
          <FormField
            id={fieldId('tags')}
            label="Tags (optional)"
            hint="Up to 8, comma-separated; lessons sharing a tag are recalled first."
            errors={errors.tags}
          >
            {(control) => (
              <input
                {...control}
                name="tags"
                value={values.tags}
                placeholder="travel, walking"
                onChange={(event) => change({ tags: event.target.value })}
                className={controlClass}
              />
            )}
          </FormField>
        </div>
      </Section>
      <Section
        title="Evaluator"
        description="Scores each attempt from 0 to 1; the score and its justification feed the lesson."
      >
        <EvaluatorFields values={values} errors={errors} onChange={change} />
      </Section>
      <Section title="Reflexion" description="How many attempts, what passes, and how lessons are kept and recalled.">
        <div className="grid gap-4 sm:grid-cols-2">
          {number('reflexion.maxAttempts', 'maxAttempts', 'Attempts', 'From 1 to 10.')}
          {number(
            'reflexion.threshold',
            'threshold',
            'Passing score',
            'From 0 to 1; an attempt passes at or above it.',
            '0.05',
          )}
          <FormField
            id={fieldId('reflexion.lessonMode')}
            label="Lessons"
            errors={errors['reflexion.lessonMode']}
            hint={
              values.lessonMode === 'selective'
                ? 'Recalls the most relevant lessons (yours and shared ones).'
                : 'Keeps your lessons as a list in memory, oldest dropped.'
            }
          >
            {(control) => (
              <select
                {...control}
                name="reflexion.lessonMode"
                value={values.lessonMode}
                onChange={(event) => change({ lessonMode: event.target.value as TaskFormValues['lessonMode'] })}
                className={controlClass}
              >
                <option value="selective">Selective (recall the top lessons)</option>
                <option value="monotonic">Monotonic (a growing list in memory)</option>
              </select>
            )}
          </FormField>
          {values.lessonMode === 'selective'
            ? number('reflexion.topKLessons', 'topKLessons', 'Lessons recalled (top-k)', 'From 1 to 20.')
            : number('reflexion.maxLessons', 'maxLessons', 'Lessons kept (max)', 'From 1 to 100.')}
        </div>
        <label className="mt-3 flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="reflexion.lessonAfterFinalFailure" className="mt-0.5 size-4" />
          <span>
            Write a lesson after the final failing attempt too, for the next run (one more reflector call when a run
            fails).
          </span>
        </label>
      </Section>
      <Section title="Architecture">
        <FormField id={fieldId('architecture.kind')} label="Agent" errors={errors['architecture.kind']}>
          {(control) => (
            <select
              {...control}
              name="architecture.kind"
              value={values.architectureKind}
              onChange={(event) =>
                change({ architectureKind: event.target.value as TaskFormValues['architectureKind'] })
              }
              className={controlClass}
            >
              <option value="react">ReAct (one agent, thinks and uses tools)</option>
              <option value="supervisor">Supervisor with named workers</option>
            </select>
          )}
        </FormField>
        {values.architectureKind === 'supervisor' ? (
          <WorkerRows workers={values.workers} errors={errors} onChange={(workers) => change({ workers })} />
        ) : null}
        {number('maxTurns', 'maxTurns', 'Max turns per attempt', 'From 1 to 50 model turns.')}
      </Section>
      <Section
        title="Tools"
        description="What the agent may call while it works. Tool results are read as data, never as instructions."
      >
        <ToolPicker
          tools={tools}
          chosen={values.tools}
          errors={errors.tools}
          onChange={(chosen) => change({ tools: chosen })}
          canManage={canManageTools}
        />
      </Section>
      <Section
        title="Models"
        description="Model strings like openai:gpt-4.1-mini, anthropic:claude-haiku-4-5 or compatible:llama3."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          {model('models.agent', 'agentModel', 'Agent model', defaultModel)}
          {model('models.evaluator', 'evaluatorModel', 'Evaluator model', `the agent's model (${agentFallback})`)}
          {model('models.reflector', 'reflectorModel', 'Reflector model', `the agent's model (${agentFallback})`)}
        </div>
      </Section>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={pending}>
          {pending ? 'Starting…' : 'Start run'}
        </Button>
        <p className="text-sm text-slate-600">Settings are checked before anything runs.</p>
      </div>
    </form>
  )
}
