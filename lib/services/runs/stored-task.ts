import type { TaskInput } from './task-input'
import type { RunModels } from './run-models'

/** What `runs.config` holds: the validated task with its models made explicit at submission. */
export type StoredTask = Omit<TaskInput, 'models'> & {
  models: RunModels
  /** Set on an experiment arm's runs: recall only these lessons (plus the run's own reflections). */
  recall?: { allowedLessonIds: string[] }
}

/** Reads a run's stored config. */
export function storedTaskOf(config: unknown): StoredTask {
  return config as StoredTask
}
