'use client'

import { Button } from '@/components/ui/button'
import { controlClass, fieldId, FormField } from '@/components/ui/field'
import type { WorkerRow } from './task-form-values'

type Props = { workers: WorkerRow[]; errors: Record<string, string[]>; onChange: (workers: WorkerRow[]) => void }

/** The Supervisor's named workers: a name and instructions per row, rows added and removed. */
export function WorkerRows({ workers, errors, onChange }: Props) {
  const update = (position: number, change: Partial<WorkerRow>) =>
    onChange(workers.map((worker, index) => (index === position ? { ...worker, ...change } : worker)))
  const listErrors = errors['architecture.workers'] ?? errors.architecture
  return (
    <fieldset className="space-y-3" aria-describedby={listErrors ? 'workers-error' : undefined}>
      <legend className="text-sm font-medium text-slate-800">Workers</legend>
      {workers.length === 0 ? (
        <p className="text-sm text-slate-600">
          No workers yet. The supervisor delegates subtasks to the workers you name here.
        </p>
      ) : null}
      <ol className="space-y-3">
        {workers.map((worker, position) => {
          const prefix = `architecture.workers.${position}`
          return (
            <li
              key={position}
              className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
            >
              <FormField
                id={fieldId(`${prefix}.name`)}
                label={`Worker ${position + 1} name`}
                hint="Letters, digits, _ or -."
                errors={errors[`${prefix}.name`]}
              >
                {(control) => (
                  <input
                    {...control}
                    name={`${prefix}.name`}
                    value={worker.name}
                    onChange={(event) => update(position, { name: event.target.value })}
                    className={controlClass}
                  />
                )}
              </FormField>
              <FormField
                id={fieldId(`${prefix}.instructions`)}
                label={`Worker ${position + 1} instructions`}
                errors={errors[`${prefix}.instructions`]}
              >
                {(control) => (
                  <textarea
                    {...control}
                    name={`${prefix}.instructions`}
                    rows={2}
                    value={worker.instructions}
                    onChange={(event) => update(position, { instructions: event.target.value })}
                    className={controlClass}
                  />
                )}
              </FormField>
              <Button
                type="button"
                variant="secondary"
                className="sm:mt-6"
                onClick={() => onChange(workers.filter((_, index) => index !== position))}
              >
                Remove<span className="sr-only"> worker {position + 1}</span>
              </Button>
            </li>
          )
        })}
      </ol>
      {listErrors ? (
        <p id="workers-error" className="text-sm text-red-700" data-field-error="architecture.workers">
          {listErrors.join(' ')}
        </p>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        disabled={workers.length >= 8}
        onClick={() => onChange([...workers, { name: '', instructions: '' }])}
      >
        Add worker
      </Button>
    </fieldset>
  )
}
