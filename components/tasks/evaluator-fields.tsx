'use client'

import { controlClass, fieldId, FormField } from '@/components/ui/field'
import { EVALUATOR_LABELS } from '@/lib/services/runs/labels'
import type { EvaluatorKind, TaskFormValues } from './task-form-values'

/** What each evaluator checks, after its shared name. */
const CHECKS: Record<EvaluatorKind, string> = {
  llm: 'scores 0–1 with a justification',
  json_schema: 'the output must be valid JSON that matches',
  exact: 'the output equals the expected answer',
  contains: 'the output contains the expected text',
  regex: 'the output matches the pattern',
}

const EVALUATORS = (Object.keys(CHECKS) as EvaluatorKind[]).map((value) => {
  const name = EVALUATOR_LABELS[value]
  return { value, label: `${name[0].toUpperCase()}${name.slice(1)} (${CHECKS[value]})` }
})

type Props = {
  values: TaskFormValues
  errors: Record<string, string[]>
  onChange: (change: Partial<TaskFormValues>) => void
}

/** The evaluator choice and the fields of the chosen evaluator (the others are not posted). */
export function EvaluatorFields({ values, errors, onChange }: Props) {
  const kind = values.evaluatorKind
  const expectedLabel =
    kind === 'regex' ? 'Regular expression' : kind === 'contains' ? 'Text the output must contain' : 'Expected answer'
  return (
    <div className="space-y-4">
      <FormField id={fieldId('evaluator.kind')} label="Evaluator" errors={errors['evaluator.kind'] ?? errors.evaluator}>
        {(control) => (
          <select
            {...control}
            name="evaluator.kind"
            value={kind}
            onChange={(event) => onChange({ evaluatorKind: event.target.value as EvaluatorKind })}
            className={controlClass}
          >
            {EVALUATORS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {kind === 'llm' ? (
        <FormField
          id={fieldId('evaluator.rubric')}
          label="Rubric (optional)"
          hint="What a good answer does. Without a rubric the judge scores how well the output completes the task."
          errors={errors['evaluator.rubric']}
        >
          {(control) => (
            <textarea
              {...control}
              name="evaluator.rubric"
              rows={3}
              value={values.rubric}
              onChange={(event) => onChange({ rubric: event.target.value })}
              className={controlClass}
            />
          )}
        </FormField>
      ) : null}
      {kind === 'json_schema' ? (
        <FormField
          id={fieldId('evaluator.schema')}
          label="JSON Schema"
          hint='A JSON object, like {"type": "object", "required": ["title"]}.'
          errors={errors['evaluator.schema']}
        >
          {(control) => (
            <textarea
              {...control}
              name="evaluator.schema"
              rows={8}
              spellCheck={false}
              value={values.schema}
              onChange={(event) => onChange({ schema: event.target.value })}
              className={`${controlClass} font-mono text-xs`}
            />
          )}
        </FormField>
      ) : null}
      {kind === 'exact' || kind === 'contains' || kind === 'regex' ? (
        <>
          <FormField
            id={fieldId('evaluator.expected')}
            label={expectedLabel}
            hint={
              kind === 'regex'
                ? 'JavaScript syntax, without slashes. Passes (score 1) when it matches the output.'
                : 'Passes (score 1) when the output matches, else scores 0.'
            }
            errors={errors['evaluator.expected']}
          >
            {(control) => (
              <input
                {...control}
                name="evaluator.expected"
                value={values.expected}
                onChange={(event) => onChange({ expected: event.target.value })}
                className={`${controlClass} ${kind === 'regex' ? 'font-mono text-xs' : ''}`}
              />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="evaluator.caseSensitive"
              checked={values.caseSensitive}
              onChange={(event) => onChange({ caseSensitive: event.target.checked })}
              className="size-4 rounded border-slate-300"
            />
            Case-sensitive
          </label>
        </>
      ) : null}
    </div>
  )
}
