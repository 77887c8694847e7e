'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { SelectField, TextField } from '@/components/ui/field'
import { fieldErrors, NavigatingForm } from './navigating-form'
import { TextareaField } from './textarea-field'
import type { ServerAction } from '@/lib/boundary/actions/action'

const JSONL_HINT =
  'One task per line, as the task form sends it: {"prompt": "…", "evaluator": {"kind": "contains", "expected": "…"}, "taskKey": "…", "tags": ["…"], "reflexion": {"maxAttempts": 3}}. Nothing is saved if a line is wrong.'

/** A JSON Lines textarea that a chosen file fills. */
function JsonLinesInput({ errors, required = false }: { errors?: string[]; required?: boolean }) {
  const [text, setText] = useState('')
  return (
    <div className="space-y-2">
      <div className="space-y-1">
        <label htmlFor="jsonl-file" className="block text-sm font-medium text-slate-800">
          JSON Lines file (optional)
        </label>
        <input
          id="jsonl-file"
          type="file"
          accept=".jsonl,.ndjson,.txt,application/json"
          className="block w-full text-sm"
          onChange={async (event) => {
            const file = event.target.files?.[0]
            if (file) setText(await file.text())
          }}
        />
      </div>
      <TextareaField
        label="Tasks as JSON Lines"
        name="jsonl"
        rows={5}
        value={text}
        required={required}
        onChange={(event) => setText(event.target.value)}
        hint={JSONL_HINT}
        errors={errors}
      />
    </div>
  )
}

/** New dataset: a name, who owns it, and optionally its tasks as JSON Lines. */
export function CreateDatasetForm<Data>({ mayShare, action }: { mayShare: boolean; action: ServerAction<Data> }) {
  return (
    <NavigatingForm action={action} testId="create-dataset" label="New dataset" success="Dataset created.">
      {({ result, pending }) => (
        <>
          <TextField label="Name" name="name" required maxLength={120} errors={fieldErrors(result, 'name')} />
          <TextField label="Description (optional)" name="description" maxLength={2000} />
          {mayShare ? (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="shared" defaultChecked className="h-4 w-4" /> The organisation’s dataset
              (admins curate it; its experiments judge shared lessons)
            </label>
          ) : null}
          <JsonLinesInput errors={fieldErrors(result, 'jsonl')} />
          <Button type="submit" pending={pending}>
            Create dataset
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}

/** Append tasks from JSON Lines. */
export function UploadItemsForm<Data>({ datasetId, action }: { datasetId: string; action: ServerAction<Data> }) {
  return (
    <NavigatingForm action={action} testId="upload-items" label="Upload tasks" success="Tasks added as a new version.">
      {({ result, pending }) => (
        <>
          <input type="hidden" name="datasetId" value={datasetId} />
          <JsonLinesInput errors={fieldErrors(result, 'jsonl')} required />
          <Button type="submit" variant="secondary" pending={pending}>
            Add these tasks
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}

/** Add one task by hand. */
export function AddItemForm<Data>({ datasetId, action }: { datasetId: string; action: ServerAction<Data> }) {
  return (
    <NavigatingForm action={action} testId="add-item" label="Add a task" success="Task added as a new version.">
      {({ result, pending }) => (
        <>
          <input type="hidden" name="datasetId" value={datasetId} />
          <TextareaField label="Task" name="prompt" rows={3} required errors={fieldErrors(result, 'prompt')} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Check the answer with"
              name="evaluatorKind"
              options={[
                { value: 'contains', label: 'contains' },
                { value: 'exact', label: 'exact match' },
                { value: 'regex', label: 'regular expression' },
                { value: 'llm', label: 'LLM judge (rubric below)' },
              ]}
              errors={fieldErrors(result, 'evaluatorKind')}
            />
            <TextField
              label="Expected text, pattern or rubric"
              name="expected"
              errors={fieldErrors(result, 'expected')}
            />
            <TextField label="Task key (optional)" name="taskKey" errors={fieldErrors(result, 'taskKey')} />
            <TextField label="Tags, comma-separated (optional)" name="tags" errors={fieldErrors(result, 'tags')} />
            <TextField
              label="Attempts"
              name="maxAttempts"
              type="number"
              min={1}
              max={10}
              defaultValue={3}
              errors={fieldErrors(result, 'maxAttempts')}
            />
          </div>
          <Button type="submit" variant="secondary" pending={pending}>
            Add task
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}

/** Start an experiment: no lessons against the chosen lessons. */
export function StartExperimentForm<Data>({
  action,
  datasetId,
  lessons,
  defaultName,
}: {
  action: ServerAction<Data>
  datasetId: string
  lessons: { id: string; content: string }[]
  defaultName: string
}) {
  return (
    <NavigatingForm action={action} testId="start-experiment" label="Start an experiment">
      {({ result, pending }) => (
        <>
          <input type="hidden" name="datasetId" value={datasetId} />
          <TextField
            label="Experiment name"
            name="name"
            defaultValue={defaultName}
            required
            errors={fieldErrors(result, 'name')}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">
              Lessons the second arm may recall (none ticked: every active shared lesson)
            </legend>
            <p className="text-xs text-slate-500">
              The first arm recalls no lessons; the second only these. Each run still learns from its own attempts.
            </p>
            {lessons.length === 0 ? (
              <p className="text-sm text-slate-600">No active shared lessons to compare.</p>
            ) : (
              <ul className="max-h-56 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
                {lessons.map((lesson) => (
                  <li key={lesson.id}>
                    <label className="flex items-start gap-2 text-sm text-slate-800">
                      <input type="checkbox" name="lessonIds" value={lesson.id} className="mt-1 h-4 w-4" />
                      <span>{lesson.content}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {fieldErrors(result, 'lessonIds') ? (
              <p className="text-sm text-red-700" data-field-error="lessonIds">
                {fieldErrors(result, 'lessonIds')!.join(' ')}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Attempts per run (blank: each task’s own)"
              name="maxAttempts"
              type="number"
              min={1}
              max={10}
              defaultValue={1}
              errors={fieldErrors(result, 'maxAttempts')}
            />
            <TextField
              label="Repeats"
              name="repeats"
              type="number"
              min={1}
              max={5}
              defaultValue={1}
              errors={fieldErrors(result, 'repeats')}
            />
            <TextField
              label="Model (blank: each task’s own)"
              name="model"
              placeholder="openai:gpt-4.1-mini"
              errors={fieldErrors(result, 'model')}
            />
          </div>
          <Button type="submit" pending={pending}>
            Start experiment
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}

/** "Add to dataset" for one run or the runs of a filtered list. */
export function AddRunsToDatasetForm<Data>({
  action,
  runIds,
  datasets,
  mayShare,
  label,
}: {
  action: ServerAction<Data>
  runIds: string[]
  datasets: { id: string; name: string }[]
  mayShare: boolean
  label: string
}) {
  return (
    <NavigatingForm action={action} testId="add-to-dataset" label={label} className="space-y-2">
      {({ result, pending }) => (
        <>
          <input type="hidden" name="runIds" value={runIds.join(',')} />
          <div className="grid gap-2 sm:grid-cols-2">
            <SelectField
              label="Dataset"
              name="datasetId"
              options={[
                { value: '', label: 'A new dataset…' },
                ...datasets.map((dataset) => ({ value: dataset.id, label: dataset.name })),
              ]}
              errors={fieldErrors(result, 'datasetId')}
            />
            <TextField
              label="New dataset name"
              name="newName"
              placeholder="Walking tours"
              errors={fieldErrors(result, 'newName')}
            />
          </div>
          {mayShare ? (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="shared" defaultChecked className="h-4 w-4" /> A new dataset is the
              organisation’s
            </label>
          ) : null}
          <Button type="submit" variant="secondary" pending={pending}>
            {label}
          </Button>
        </>
      )}
    </NavigatingForm>
  )
}
