/**
 * The product's event vocabulary: every event type a run's log may hold, with its kind.
 * Types are `namespace.name` in snake_case; this table is the single source of truth that the
 * engine, the persisted log, the reducers and the Reflection query surface all read.
 */
import type { z } from 'zod'
import { PAYLOADS } from './payloads'

/** The base kinds of event, as in the Reflection spec; `Event` matches all of them. */
export const EVENT_KINDS = ['Command', 'DomainEvent', 'IntegrationEvent', 'SystemEvent'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** Every event type the product writes, with its kind, a one-line meaning and its payload's schema. */
export const EVENT_TYPES = {
  // run: the run's own lifecycle (the seed command and what the framework records about it)
  'run.submitted': {
    kind: 'Command',
    doc: 'a member submitted the task (the seed of the log)',
    payload: PAYLOADS.runSubmitted,
  },
  'run.started': { kind: 'SystemEvent', doc: 'a worker began executing the run', payload: PAYLOADS.runStarted },
  'run.resumed': {
    kind: 'SystemEvent',
    doc: 'a worker resumed the run after the last completed attempt (its previous worker stopped)',
    payload: PAYLOADS.runResumed,
  },
  'run.retried': {
    kind: 'SystemEvent',
    doc: 'a provider call failed and is retried after a delay',
    payload: PAYLOADS.runRetried,
  },
  'run.budget_warning': {
    kind: 'SystemEvent',
    doc: 'usage crossed the warning fraction of the budget',
    payload: PAYLOADS.runBudgetWarning,
  },
  'run.budget_exceeded': {
    kind: 'SystemEvent',
    doc: 'the budget ran out; the run stops',
    payload: PAYLOADS.runBudgetExceeded,
  },
  'run.guardrail_tripped': {
    kind: 'SystemEvent',
    doc: 'a guardrail refused an input or an output',
    payload: PAYLOADS.runGuardrailTripped,
  },
  'run.handler_raised': {
    kind: 'SystemEvent',
    doc: 'a handler threw (provider error, tool error, timeout)',
    payload: PAYLOADS.runHandlerRaised,
  },
  'run.interrupted': {
    kind: 'SystemEvent',
    doc: 'the run stopped early, with a reason',
    payload: PAYLOADS.runInterrupted,
  },
  'run.finished': {
    kind: 'SystemEvent',
    doc: 'the run ended: status, output, best score',
    payload: PAYLOADS.runFinished,
  },
  'run.feedback_given': {
    kind: 'DomainEvent',
    doc: 'a person rated the run or one attempt (up/down, comment), after it finished',
    payload: PAYLOADS.runFeedbackGiven,
  },

  // reflexion: the attempt loop of the Reflexion spec, with the spec's names and meanings
  'reflexion.attempt_started': { kind: 'DomainEvent', doc: 'attempt k of n began', payload: PAYLOADS.attemptStarted },
  'reflexion.lessons_recalled': {
    kind: 'DomainEvent',
    doc: 'lessons put in front of the attempt (selective or monotonic)',
    payload: PAYLOADS.lessonsRecalled,
  },
  'reflexion.evaluated': { kind: 'DomainEvent', doc: 'the evaluator scored the attempt', payload: PAYLOADS.evaluated },
  'reflexion.threshold_met': {
    kind: 'DomainEvent',
    doc: 'the score reached the threshold; the loop ends',
    payload: PAYLOADS.thresholdMet,
  },
  'reflexion.lesson_produced': {
    kind: 'DomainEvent',
    doc: 'the reflector wrote a one-sentence lesson',
    payload: PAYLOADS.lessonProduced,
  },
  'reflexion.lesson_persisted': {
    kind: 'DomainEvent',
    doc: 'the lesson was stored (vector store or memory block)',
    payload: PAYLOADS.lessonPersisted,
  },
  'reflexion.max_attempts_reached': {
    kind: 'DomainEvent',
    doc: 'the last attempt scored below the threshold',
    payload: PAYLOADS.maxAttemptsReached,
  },

  // agent: what the base architecture did inside an attempt
  'agent.model_called': {
    kind: 'IntegrationEvent',
    doc: 'one model call (agent, evaluator, reflector or worker) and its usage',
    payload: PAYLOADS.modelCalled,
  },
  'agent.tool_called': { kind: 'IntegrationEvent', doc: 'the model asked for a tool', payload: PAYLOADS.toolCalled },
  'agent.tool_returned': {
    kind: 'IntegrationEvent',
    doc: 'a tool returned (or failed)',
    payload: PAYLOADS.toolReturned,
  },
  'agent.worker_delegated': {
    kind: 'DomainEvent',
    doc: 'a supervisor handed a subtask to a named worker',
    payload: PAYLOADS.workerDelegated,
  },
  'agent.worker_returned': {
    kind: 'DomainEvent',
    doc: 'a worker answered its supervisor',
    payload: PAYLOADS.workerReturned,
  },
  'agent.output_produced': { kind: 'DomainEvent', doc: "the attempt's final output", payload: PAYLOADS.outputProduced },
  'agent.out_of_turns': {
    kind: 'DomainEvent',
    doc: 'the base used all of its max turns without an answer',
    payload: PAYLOADS.outOfTurns,
  },
} as const satisfies Record<string, { kind: EventKind; doc: string; payload: z.ZodType<Record<string, unknown>> }>

/** A known event type name, e.g. `reflexion.evaluated`. */
export type EventType = keyof typeof EVENT_TYPES

/** All known type names, in vocabulary order. */
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[]

/** Whether a string is a known event type. */
export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_TYPES, type)
}

/** The kind of an event type; unknown types (from newer logs) are SystemEvents. */
export function kindOf(type: string): EventKind {
  return isEventType(type) ? EVENT_TYPES[type].kind : 'SystemEvent'
}

/** The namespace of an event type: the part before the first dot. */
export function namespaceOf(type: string): string {
  const dot = type.indexOf('.')
  return dot === -1 ? '' : type.slice(0, dot)
}

/**
 * Handler names recorded in causes (`#N via <handler>`) and declared on topology edges.
 * The engine records exactly these, so recorded causes and static edges agree.
 */
export const HANDLERS = {
  reflexion: 'reflexion', // the attempt loop itself
  recallLessons: 'recall_lessons',
  react: 'react', // the ReAct base: model turns
  supervisor: 'supervisor', // the Supervisor base
  tools: 'tools', // tool execution
  evaluate: 'evaluate',
  reflect: 'reflect',
  persistLesson: 'persist_lesson',
  budget: 'budget',
  guardrails: 'guardrails',
  retry: 'retry',
  feedback: 'feedback', // a person rating a finished run or attempt
} as const
export type HandlerName = (typeof HANDLERS)[keyof typeof HANDLERS]
