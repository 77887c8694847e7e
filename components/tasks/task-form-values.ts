import type { EvaluatorKind } from '@/lib/services/runs/labels'
import type { TaskInputDraft } from '@/lib/services/runs/task-input'

/** The evaluators the form offers. */
export type { EvaluatorKind }

/** One Supervisor worker row. */
export type WorkerRow = { name: string; instructions: string }

/** Everything the New task form holds, as the text its controls show. */
export type TaskFormValues = {
  title: string
  prompt: string
  taskKey: string
  /** Comma-separated. */
  tags: string
  evaluatorKind: EvaluatorKind
  rubric: string
  schema: string
  expected: string
  caseSensitive: boolean
  maxAttempts: string
  threshold: string
  lessonMode: 'monotonic' | 'selective'
  topKLessons: string
  maxLessons: string
  architectureKind: 'react' | 'supervisor'
  workers: WorkerRow[]
  agentModel: string
  evaluatorModel: string
  reflectorModel: string
  maxTurns: string
  /** The tools chosen for the run (names). */
  tools: string[]
}

/** A blank task with the engine's defaults. */
export const BLANK_TASK: TaskFormValues = {
  title: '',
  prompt: '',
  taskKey: '',
  tags: '',
  evaluatorKind: 'llm',
  rubric: '',
  schema: '',
  expected: '',
  caseSensitive: false,
  maxAttempts: '3',
  threshold: '0.8',
  lessonMode: 'selective',
  topKLessons: '5',
  maxLessons: '10',
  architectureKind: 'react',
  workers: [],
  agentModel: '',
  evaluatorModel: '',
  reflectorModel: '',
  maxTurns: '8',
  tools: [],
}

const text = (value: unknown, fallback: string) => (value === undefined || value === null ? fallback : String(value))

/** The form's values for a task draft (a template), with defaults for what it leaves out. */
export function valuesFromDraft(draft: TaskInputDraft & { title?: string }): TaskFormValues {
  const evaluator = draft.evaluator ?? { kind: 'llm' as const }
  const reflexion = draft.reflexion ?? {}
  const architecture = draft.architecture ?? { kind: 'react' as const }
  return {
    ...BLANK_TASK,
    title: draft.title ?? '',
    prompt: draft.prompt,
    taskKey: draft.taskKey ?? '',
    tags: [draft.tags ?? []].flat().join(', '),
    evaluatorKind: evaluator.kind,
    rubric: evaluator.kind === 'llm' ? (evaluator.rubric ?? '') : '',
    schema: evaluator.kind === 'json_schema' ? JSON.stringify(evaluator.schema, null, 2) : '',
    expected: 'expected' in evaluator ? evaluator.expected : '',
    caseSensitive: 'caseSensitive' in evaluator ? (evaluator.caseSensitive ?? false) : false,
    maxAttempts: text(reflexion.maxAttempts, BLANK_TASK.maxAttempts),
    threshold: text(reflexion.threshold, BLANK_TASK.threshold),
    lessonMode: reflexion.lessonMode ?? BLANK_TASK.lessonMode,
    topKLessons: text(reflexion.topKLessons, BLANK_TASK.topKLessons),
    maxLessons: text(reflexion.maxLessons, BLANK_TASK.maxLessons),
    architectureKind: architecture.kind,
    workers: architecture.kind === 'supervisor' ? architecture.workers.map((worker) => ({ ...worker })) : [],
    agentModel: draft.models?.agent ?? '',
    evaluatorModel: draft.models?.evaluator ?? '',
    reflectorModel: draft.models?.reflector ?? '',
    maxTurns: text(draft.maxTurns, BLANK_TASK.maxTurns),
    tools: [...(draft.tools ?? [])],
  }
}
