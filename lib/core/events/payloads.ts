/**
 * The payload of every known event type, as a zod schema. Each is a loose object: fields other
 * branches or newer versions add pass through untouched, and every field is optional, because a
 * log written by an older version (or imported as JSON Lines) may lack any of them. What a field
 * holds, when present, is checked: `readEvent` turns a raw payload into the typed one.
 */
import { z } from 'zod'

const count = z.number().int()
const score = z.number()
const text = z.string()

/** A lesson as `reflexion.lessons_recalled` lists it. */
export const recalledLessonSchema = z.looseObject({
  content: text.optional(),
  id: text.optional(),
  userId: text.optional(),
  score: score.optional(),
  /** Selective recall: the lesson's cosine similarity to the task (the same as `score`). */
  similarity: z.number().optional(),
  /** Why it was recalled: its similarity, the run's task key and tags it shares, and the boost they gave. */
  why: z
    .looseObject({
      similarity: z.number(),
      taskKey: text.optional(),
      tags: z.array(text).optional(),
      boost: z.number().optional(),
    })
    .optional()
    .catch(undefined),
})

/** Why selective recall chose a lesson, as `reflexion.lessons_recalled` records it. */
export type RecallWhyPayload = z.infer<typeof recalledLessonSchema>['why']

/** Tokens one model call used. */
export const tokenUsageSchema = z.looseObject({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
})

/** What a model call was sent, as recorded in `agent.model_called` (lib/core/reflexion/model-trace.ts writes it). */
export const modelTraceSchema = z.looseObject({
  system: text.optional(),
  messages: z.array(z.looseObject({ role: text.optional(), content: text.optional() })).optional(),
  omitted: count.optional(),
})

const budgetMeasure = {
  metric: text.optional(),
  used: z.number().optional(),
  limit: z.number().optional(),
  attempt: count.optional(),
}

/** Payload schemas by event type; `lib/core/events/vocabulary.ts` puts each next to its type's kind and meaning. */
export const PAYLOADS = {
  /** A person's rating of a finished run, or of one attempt. */
  runFeedbackGiven: z.looseObject({
    rating: z.enum(['up', 'down']).optional(),
    attempt: count.optional(),
    comment: text.optional(),
    by: text.optional(),
    role: text.optional(),
  }),
  /** One shape for the seed, whoever writes it: the engine writes prompt and user, the product adds the task's settings. */
  runSubmitted: z.looseObject({
    prompt: text.optional(),
    userId: text.optional(),
    title: text.optional(),
    model: text.optional(),
    evaluator: text.optional(),
    architecture: text.optional(),
    maxAttempts: count.optional(),
    threshold: score.optional(),
    lessonMode: text.optional(),
    /** The tools the member chose for the task (re-checked against the enabled tools when the run executes). */
    tools: z.array(text).optional(),
  }),
  runStarted: z.looseObject({ worker: text.optional() }),
  runResumed: z.looseObject({ fromAttempt: count.optional(), afterIndex: count.optional(), worker: text.optional() }),
  runRetried: z.looseObject({
    retry: count.optional(),
    delayMs: z.number().optional(),
    error: text.optional(),
    statusCode: z.number().optional(),
  }),
  runBudgetWarning: z.looseObject({ ...budgetMeasure, warnAt: z.number().optional() }),
  runBudgetExceeded: z.looseObject(budgetMeasure),
  runGuardrailTripped: z.looseObject({ stage: text.optional(), reason: text.optional() }),
  runHandlerRaised: z.looseObject({ handler: text.optional(), error: text.optional(), sourceEvent: count.optional() }),
  runInterrupted: z.looseObject({ reason: text.optional(), detail: text.optional(), cancelledBy: text.optional() }),
  runFinished: z.looseObject({
    status: text.optional(),
    output: z.unknown().optional(),
    bestScore: score.nullish(),
    attempts: count.optional(),
    interruptionReason: text.optional(),
  }),
  attemptStarted: z.looseObject({ attempt: count.optional(), maxAttempts: count.optional() }),
  lessonsRecalled: z.looseObject({
    attempt: count.optional(),
    mode: text.optional(),
    block: text.optional(),
    lessons: z.array(recalledLessonSchema).optional(),
  }),
  evaluated: z.looseObject({
    attempt: count.optional(),
    score: score.optional(),
    threshold: score.optional(),
    feedback: text.optional(),
    passed: z.boolean().optional(),
    reason: text.optional(),
    evaluator: text.optional(),
  }),
  thresholdMet: z.looseObject({ attempt: count.optional(), score: score.optional() }),
  lessonProduced: z.looseObject({ attempt: count.optional(), lesson: text.optional(), empty: z.boolean().optional() }),
  lessonPersisted: z.looseObject({
    attempt: count.optional(),
    lesson: text.optional(),
    mode: text.optional(),
    duplicate: z.boolean().optional(),
    block: text.optional(),
    blockSize: count.optional(),
    droppedOldest: z.array(text).optional(),
    lessonId: text.optional(),
  }),
  maxAttemptsReached: z.looseObject({ attempts: count.optional(), bestScore: score.nullish() }),
  modelCalled: z.looseObject({
    role: text.optional(),
    model: text.optional(),
    attempt: count.optional(),
    turn: count.optional(),
    worker: text.optional(),
    usage: tokenUsageSchema.optional(),
    finishReason: text.optional(),
    text: text.optional(),
    toolCalls: z.array(text).optional(),
    failed: z.boolean().optional(),
    error: text.optional(),
    /** How long the call took, in milliseconds. */
    latencyMs: z.number().optional(),
    /** What the model was sent (bounded, secret-masked): instructions, then each message as text. */
    prompt: modelTraceSchema.optional(),
  }),
  /** The model asked for a tool (lib/core/reflexion/tool-loop.ts writes it before running the call). */
  toolCalled: z.looseObject({
    attempt: count.optional(),
    turn: count.optional(),
    toolCallId: text.optional(),
    toolName: text.optional(),
    /** The call's arguments as the model wrote them; over MAX_TOOL_INPUT_CHARS, a bounded rendering (text). */
    input: z.unknown().optional(),
    /** The supervisor's worker that made the call (absent for the agent itself). */
    worker: text.optional(),
  }),
  /** A tool returned or failed; a failure is an observation the agent reads, not a crashed run. */
  toolReturned: z.looseObject({
    attempt: count.optional(),
    turn: count.optional(),
    toolCallId: text.optional(),
    toolName: text.optional(),
    /** The result as text, bounded (head and tail kept) exactly as the model read it inside its delimiters. */
    output: text.optional(),
    isError: z.boolean().optional(),
    /** Why the call failed: the tool's own error, a timeout, an unknown tool, the per-attempt cap, cancellation. */
    error: text.optional(),
    /** How long the call took on the run's clock, in milliseconds (0 for a call refused before it ran). */
    durationMs: z.number().nonnegative().optional(),
    /** Set when the result was longer than the policy's size and cut; `outputChars` is its full length. */
    truncated: z.boolean().optional(),
    outputChars: count.optional(),
    worker: text.optional(),
  }),
  workerDelegated: z.looseObject({ attempt: count.optional(), worker: text.optional(), task: text.optional() }),
  workerReturned: z.looseObject({
    attempt: count.optional(),
    worker: text.optional(),
    output: text.optional(),
    turns: count.optional(),
    outOfTurns: z.boolean().optional(),
  }),
  outputProduced: z.looseObject({ attempt: count.optional(), output: z.unknown().optional(), turns: count.optional() }),
  outOfTurns: z.looseObject({ attempt: count.optional(), maxTurns: count.optional() }),
} as const
