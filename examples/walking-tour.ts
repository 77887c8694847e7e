/**
 * Shared pieces of the walking-tour examples (the tutorial's 轻松步行 case): the task, the verifier,
 * a scripted offline model, and a trace printer for the event log.
 */
import type { EngineEvent } from '../lib/core/events/event'
import { formatCause } from '../lib/core/events/cause'
import { scriptedModel, textReply } from '../lib/core/reflexion/test-support'

export const TASK = 'Plan a one-day Hangzhou tour. The user wants an easy walk, no rushing.'
export const LESSON = 'When the user asks for an easy walk, plan at most 3 stops unless they explicitly ask for more.'

/** The tutorial's rule-based verifier: at most 3 stops, and the plan must mention walking. */
export function verifyTour(output: string): { score: number; feedback: string } {
  const stops = output.split('→').length
  if (stops > 3) return { score: 0, feedback: `The plan has ${stops} stops; an easy walk should have at most 3.` }
  if (!/walk/i.test(output))
    return { score: 0, feedback: 'The plan does not mention walking, which the user asked for.' }
  return { score: 1, feedback: 'At most 3 stops, on foot.' }
}

/** The offline model: a 5-stop plan, the reflector's JSON lesson, then a 3-stop plan. */
export function tourModel() {
  return scriptedModel([
    textReply('West Lake → Lingyin Temple → Tea Museum → Longjing Village → Hefang Street (all on foot)'),
    textReply(JSON.stringify({ lesson: LESSON })),
    textReply(
      'Morning: West Lake, Broken Bridge (40 min walk) → Noon: Tea Museum (30 min walk) → Afternoon: Longjing Village tea picking (1 h walk)',
    ),
  ])
}

/** Prints one line per event: index, type, cause and the fields that matter for the trace. */
export function printTrace(events: EngineEvent[]): void {
  for (const event of events) {
    const { type, index, cause, at: _at, ...fields } = event
    const shown: Record<string, unknown> = {}
    for (const key of [
      'attempt',
      'role',
      'score',
      'passed',
      'feedback',
      'lesson',
      'lessons',
      'duplicate',
      'blockSize',
      'lessonId',
      'output',
      'status',
      'bestScore',
      'attempts',
    ]) {
      if (key in fields) shown[key] = fields[key]
    }
    console.log(`#${index} ${type} (${formatCause(cause)}) ${JSON.stringify(shown)}`)
  }
}
