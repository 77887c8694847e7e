import { z } from 'zod'

/** A run's status. */
export const runStatusSchema = z
  .enum(['queued', 'running', 'succeeded', 'failed', 'interrupted', 'cancelled'])
  .meta({ id: 'RunStatus' })

/** A run as the API shows it. */
export const runSchema = z
  .object({
    id: z.string(),
    status: runStatusSchema,
    title: z.string(),
    prompt: z.string(),
    model: z.string(),
    userId: z.string(),
    attemptsUsed: z.number().int(),
    maxAttempts: z.number().int(),
    threshold: z.number(),
    bestScore: z.number().nullable(),
    output: z.string().nullable(),
    interruptionReason: z.string().nullable(),
    costUsd: z.number().nullable(),
    eventCount: z.number().int(),
    cancelRequested: z.boolean(),
    createdAt: z.string().meta({ format: 'date-time' }),
    startedAt: z.string().nullable().meta({ format: 'date-time' }),
    finishedAt: z.string().nullable().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Run' })

/** A page of runs, newest first; `nextCursor` fetches the next page (null at the end). */
export const runPageSchema = z
  .object({ data: z.array(runSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RunPage' })

/** A submitted run: where to follow it. */
export const submittedRunSchema = z
  .object({ id: z.string(), status: runStatusSchema, url: z.string(), eventsUrl: z.string(), streamUrl: z.string() })
  .meta({ id: 'SubmittedRun' })

/** What a cancel request did. */
export const cancelOutcomeSchema = z
  .object({ id: z.string(), outcome: z.enum(['requested', 'ended', 'already_finished']) })
  .meta({ id: 'CancelOutcome' })

/** One event of a run's log (the export shape). */
export const runEventSchema = z
  .object({
    index: z.number().int(),
    type: z.string(),
    kind: z.string(),
    namespace: z.string(),
    payload: z.record(z.string(), z.unknown()),
    cause: z.record(z.string(), z.unknown()),
    at: z.string(),
  })
  .meta({ id: 'RunEvent' })

/** A page of a run's events in log order; `nextCursor` is the index to continue after (null at the end). */
export const runEventPageSchema = z
  .object({ data: z.array(runEventSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RunEventPage' })

/** The support agent's answer about a run. */
export const askAnswerSchema = z
  .object({
    runId: z.string(),
    mode: z.enum(['model', 'offline']),
    label: z.string(),
    answer: z.string(),
    /** Event indexes the answer cites (`#N`). */
    citations: z.array(z.number().int()),
    toolCalls: z.array(z.object({ args: z.unknown(), result: z.string() })),
  })
  .meta({ id: 'AskAnswer' })

/** A lesson. */
export const lessonSchema = z
  .object({
    id: z.string(),
    shared: z.boolean(),
    content: z.string(),
    status: z.enum(['active', 'retired']),
    tags: z.array(z.string()),
    taskKey: z.string().nullable(),
    expiresAt: z.string().nullable(),
    sourceRunId: z.string().nullable(),
    timesRecalled: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Lesson' })

/** A page of lessons, newest first. */
export const lessonPageSchema = z
  .object({ data: z.array(lessonSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'LessonPage' })

/** A proposal to share a lesson. */
export const proposalSchema = z
  .object({
    id: z.string(),
    lessonId: z.string(),
    content: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    proposedBy: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.string(),
  })
  .meta({ id: 'Proposal' })

/** A page of proposals. */
export const proposalPageSchema = z
  .object({ data: z.array(proposalSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ProposalPage' })

/** An RFC 9457 problem. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Problem' })

/** Path parameter `id`. */
export const idParams = z.object({ id: z.string().min(1).max(200) })

/** Paging of a list: an opaque cursor from the previous page and a page size. */
export const pagingQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})
