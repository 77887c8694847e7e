/**
 * The product's event vocabulary: every event type a run's log may hold, with its kind.
 * Types are `namespace.name` in snake_case; this table is the single source of truth that the
 * engine, the persisted log, the reducers and the Reflection query surface all read.
 */

/** The base kinds of event, as in the Reflection spec; `Event` matches all of them. */
export const EVENT_KINDS = ['Command', 'DomainEvent', 'IntegrationEvent', 'SystemEvent'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** Every event type the product writes, with its kind and a one-line meaning. */
export const EVENT_TYPES = {
  // run: the run's own lifecycle (the seed command and what the framework records about it)
  'run.submitted': { kind: 'Command', doc: 'a member submitted the task (the seed of the log)' },
  'run.started': { kind: 'SystemEvent', doc: 'a worker began executing the run' },
  'run.retried': { kind: 'SystemEvent', doc: 'a provider call failed and is retried after a delay' },
  'run.budget_warning': { kind: 'SystemEvent', doc: 'usage crossed the warning fraction of the budget' },
  'run.budget_exceeded': { kind: 'SystemEvent', doc: 'the budget ran out; the run stops' },
  'run.guardrail_tripped': { kind: 'SystemEvent', doc: 'a guardrail refused an input or an output' },
  'run.handler_raised': { kind: 'SystemEvent', doc: 'a handler threw (provider error, tool error, timeout)' },
  'run.interrupted': { kind: 'SystemEvent', doc: 'the run stopped early, with a reason' },
  'run.finished': { kind: 'SystemEvent', doc: 'the run ended: status, output, best score' },
  'run.feedback_given': {
    kind: 'DomainEvent',
    doc: 'a person rated the run or one attempt (up/down, comment), after it finished',
  },

  // reflexion: the attempt loop of the Reflexion spec, with the spec's names and meanings
  'reflexion.attempt_started': { kind: 'DomainEvent', doc: 'attempt k of n began' },
  'reflexion.lessons_recalled': {
    kind: 'DomainEvent',
    doc: 'lessons put in front of the attempt (selective or monotonic)',
  },
  'reflexion.evaluated': { kind: 'DomainEvent', doc: 'the evaluator scored the attempt' },
  'reflexion.threshold_met': { kind: 'DomainEvent', doc: 'the score reached the threshold; the loop ends' },
  'reflexion.lesson_produced': { kind: 'DomainEvent', doc: 'the reflector wrote a one-sentence lesson' },
  'reflexion.lesson_persisted': { kind: 'DomainEvent', doc: 'the lesson was stored (vector store or memory block)' },
  'reflexion.max_attempts_reached': { kind: 'DomainEvent', doc: 'the last attempt scored below the threshold' },

  // agent: what the base architecture did inside an attempt
  'agent.model_called': {
    kind: 'IntegrationEvent',
    doc: 'one model call (agent, evaluator, reflector or worker) and its usage',
  },
  'agent.tool_called': { kind: 'IntegrationEvent', doc: 'the model asked for a tool' },
  'agent.tool_returned': { kind: 'IntegrationEvent', doc: 'a tool returned (or failed)' },
  'agent.worker_delegated': { kind: 'DomainEvent', doc: 'a supervisor handed a subtask to a named worker' },
  'agent.worker_returned': { kind: 'DomainEvent', doc: 'a worker answered its supervisor' },
  'agent.output_produced': { kind: 'DomainEvent', doc: "the attempt's final output" },
  'agent.out_of_turns': { kind: 'DomainEvent', doc: 'the base used all of its max turns without an answer' },
} as const satisfies Record<string, { kind: EventKind; doc: string }>

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
