import type { TaskInput } from './task-input'
import type { RunModels } from './run-models'

/** What `runs.config` holds: the validated task with its models made explicit at submission. */
export type StoredTask = Omit<TaskInput, 'models'> & { models: RunModels }

/** Reads a run's stored config. */
export function storedTaskOf(config: unknown): StoredTask {
  return config as StoredTask
}
