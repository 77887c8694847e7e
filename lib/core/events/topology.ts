/**
 * The static topology: which event types can cause which, through which handler, with which
 * causation kind. The engine records causes with exactly these handler names, so a recorded
 * cause `#N via <handler>` always matches one of these edges.
 */

/** How an edge's handler relates source to target, as in the Reflection spec. */
export type Causation = 'intent' | 'react' | 'orchestrate' | 'chain'

/** One static edge: `source --handler [causation]--> target`. */
export type Edge = { source: string; target: string; handler: string; causation: Causation }

function edge(source: string, handler: string, causation: Causation, target: string): Edge {
  return { source, target, handler, causation }
}

/** The events after which a cancellation can be noticed. */
const CANCELLABLE_AFTER = [
  'run.submitted',
  'reflexion.attempt_started',
  'reflexion.lessons_recalled',
  'agent.model_called',
  'agent.tool_called',
  'agent.tool_returned',
  'agent.worker_delegated',
  'agent.worker_returned',
  'agent.output_produced',
  'reflexion.evaluated',
  'reflexion.lesson_produced',
  'reflexion.lesson_persisted',
  'run.retried',
  'run.budget_warning',
]

/** Every edge the product's engine can produce. */
export const TOPOLOGY: Edge[] = [
  edge('run.submitted', 'reflexion', 'intent', 'reflexion.attempt_started'),
  edge('reflexion.lesson_persisted', 'reflexion', 'orchestrate', 'reflexion.attempt_started'),
  edge('reflexion.evaluated', 'reflexion', 'orchestrate', 'reflexion.attempt_started'),
  edge('reflexion.lesson_produced', 'reflexion', 'orchestrate', 'reflexion.attempt_started'),
  edge('reflexion.attempt_started', 'recall_lessons', 'react', 'reflexion.lessons_recalled'),
  edge('reflexion.attempt_started', 'react', 'orchestrate', 'agent.model_called'),
  edge('reflexion.lessons_recalled', 'react', 'orchestrate', 'agent.model_called'),
  edge('reflexion.attempt_started', 'supervisor', 'orchestrate', 'agent.model_called'),
  edge('reflexion.lessons_recalled', 'supervisor', 'orchestrate', 'agent.model_called'),
  edge('agent.tool_returned', 'react', 'react', 'agent.model_called'),
  edge('agent.model_called', 'react', 'react', 'agent.tool_called'),
  edge('agent.tool_called', 'tools', 'chain', 'agent.tool_returned'),
  edge('agent.model_called', 'supervisor', 'react', 'agent.worker_delegated'),
  edge('agent.worker_delegated', 'supervisor', 'orchestrate', 'agent.model_called'),
  edge('agent.model_called', 'supervisor', 'chain', 'agent.worker_returned'),
  edge('agent.worker_returned', 'supervisor', 'react', 'agent.model_called'),
  edge('agent.model_called', 'react', 'react', 'agent.output_produced'),
  edge('agent.model_called', 'supervisor', 'react', 'agent.output_produced'),
  edge('agent.model_called', 'react', 'react', 'agent.out_of_turns'),
  edge('agent.model_called', 'supervisor', 'react', 'agent.out_of_turns'),
  edge('agent.output_produced', 'evaluate', 'react', 'agent.model_called'),
  edge('agent.model_called', 'evaluate', 'react', 'reflexion.evaluated'),
  edge('agent.output_produced', 'evaluate', 'react', 'reflexion.evaluated'),
  edge('agent.out_of_turns', 'evaluate', 'react', 'reflexion.evaluated'),
  edge('reflexion.evaluated', 'reflexion', 'react', 'reflexion.threshold_met'),
  edge('reflexion.evaluated', 'reflexion', 'react', 'reflexion.max_attempts_reached'),
  edge('reflexion.evaluated', 'reflect', 'react', 'agent.model_called'),
  edge('agent.model_called', 'reflect', 'chain', 'reflexion.lesson_produced'),
  edge('reflexion.lesson_produced', 'persist_lesson', 'chain', 'reflexion.lesson_persisted'),
  edge('reflexion.attempt_started', 'budget', 'react', 'run.budget_warning'),
  edge('reflexion.attempt_started', 'budget', 'react', 'run.budget_exceeded'),
  edge('run.budget_exceeded', 'budget', 'react', 'run.interrupted'),
  edge('run.submitted', 'guardrails', 'react', 'run.guardrail_tripped'),
  edge('agent.output_produced', 'guardrails', 'react', 'run.guardrail_tripped'),
  edge('run.guardrail_tripped', 'guardrails', 'react', 'run.interrupted'),
  edge('agent.model_called', 'retry', 'react', 'run.retried'),
  edge('reflexion.attempt_started', 'retry', 'react', 'run.retried'),
  edge('run.handler_raised', 'reflexion', 'react', 'run.interrupted'),
  edge('agent.out_of_turns', 'reflexion', 'react', 'run.interrupted'),
  // A plain Agent (no Reflexion): the base answers the submission directly.
  edge('run.submitted', 'react', 'orchestrate', 'agent.model_called'),
  edge('run.submitted', 'supervisor', 'orchestrate', 'agent.model_called'),
  // A handler threw while handling its source event (provider error, evaluator or reflector failure).
  ...[
    'reflexion.attempt_started',
    'reflexion.lessons_recalled',
    'agent.tool_returned',
    'agent.worker_delegated',
    'agent.worker_returned',
    'agent.model_called',
    'run.submitted',
  ].flatMap((source) => [
    edge(source, 'react', 'react', 'run.handler_raised'),
    edge(source, 'supervisor', 'react', 'run.handler_raised'),
  ]),
  edge('agent.output_produced', 'evaluate', 'react', 'run.handler_raised'),
  edge('reflexion.evaluated', 'reflect', 'react', 'run.handler_raised'),
  edge('reflexion.lesson_produced', 'persist_lesson', 'react', 'run.handler_raised'),
  edge('reflexion.attempt_started', 'recall_lessons', 'react', 'run.handler_raised'),
  // Cancellation is noticed between steps: the run stops after whatever event came last.
  ...CANCELLABLE_AFTER.map((source) => edge(source, 'reflexion', 'react', 'run.interrupted')),
  // A person rates a finished run (its run.finished) or one attempt (its evaluation, or its last event).
  ...['run.finished', 'reflexion.evaluated', 'agent.output_produced', 'agent.out_of_turns', 'run.interrupted'].map(
    (source) => edge(source, 'feedback', 'react', 'run.feedback_given'),
  ),
]

/** Renders an edge as the spec prints it: `source --handler [causation]--> target`. */
export function formatEdge(edge: Edge): string {
  return `${edge.source} --${edge.handler} [${edge.causation}]--> ${edge.target}`
}

/** The edges whose target is `type`. */
export function edgesInto(type: string, topology: readonly Edge[] = TOPOLOGY): Edge[] {
  return topology.filter((candidate) => candidate.target === type)
}

/** The edges whose source is `type`. */
export function edgesFrom(type: string, topology: readonly Edge[] = TOPOLOGY): Edge[] {
  return topology.filter((candidate) => candidate.source === type)
}
