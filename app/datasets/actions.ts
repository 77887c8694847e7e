'use server'

import { action } from '@/lib/boundary/actions/action'
import {
  addDatasetItemForm,
  addRunsToDatasetForm,
  createDatasetForm,
  removeDatasetItemForm,
  startExperimentForm,
  uploadDatasetItemsForm,
} from '@/lib/services/experiments/forms'

const revalidate = ['/datasets']

/** Creates a dataset (own, or the organisation's for admins), optionally from JSON Lines. */
export const createDatasetAction = action(createDatasetForm, { revalidate })

/** Appends tasks from JSON Lines as a new version (nothing saved when a line is wrong). */
export const uploadDatasetItemsAction = action(uploadDatasetItemsForm, { revalidate })

/** Appends one task written by hand as a new version. */
export const addDatasetItemAction = action(addDatasetItemForm, { revalidate })

/** Removes one task as a new version. */
export const removeDatasetItemAction = action(removeDatasetItemForm, { revalidate })

/** Adds runs (one or a filtered list) to a dataset, or to a new one. */
export const addRunsToDatasetAction = action(addRunsToDatasetForm, { revalidate })

/** Starts an experiment on the dataset's newest version. */
export const startExperimentAction = action(startExperimentForm, { revalidate })
