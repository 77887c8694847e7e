import 'server-only'
import type { Endpoint } from './endpoint'
import { askRunEndpoint } from './endpoints/ask-run'
import { cancelRunEndpoint } from './endpoints/cancel-run'
import { getRunEndpoint } from './endpoints/get-run'
import {
  createLessonEndpoint,
  deleteLessonEndpoint,
  listLessonsEndpoint,
  proposeLessonEndpoint,
} from './endpoints/lessons'
import { listRunsEndpoint } from './endpoints/list-runs'
import { runEventsEndpoint } from './endpoints/run-events'
import { runExportEndpoint } from './endpoints/run-export'
import { runStreamEndpoint } from './endpoints/run-stream'
import {
  createSharedLessonEndpoint,
  listProposalsEndpoint,
  listSharedLessonsEndpoint,
} from './endpoints/shared-lessons'
import { submitRunEndpoint } from './endpoints/submit-run'

/**
 * Every endpoint of /api/v1, for the OpenAPI document. A new endpoint: one file in endpoints/
 * (defineEndpoint), its route.ts under app/api/v1 (`export const GET = endpoint.handle`), and a line here.
 */
export const ENDPOINTS: Endpoint[] = [
  submitRunEndpoint,
  listRunsEndpoint,
  getRunEndpoint,
  cancelRunEndpoint,
  runEventsEndpoint,
  runStreamEndpoint,
  runExportEndpoint,
  askRunEndpoint,
  listLessonsEndpoint,
  createLessonEndpoint,
  deleteLessonEndpoint,
  proposeLessonEndpoint,
  listSharedLessonsEndpoint,
  createSharedLessonEndpoint,
  listProposalsEndpoint,
]
