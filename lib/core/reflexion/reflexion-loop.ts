import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import type { AgentRuntime, AttemptSession } from './architecture'
import { checkBudget, type Budget } from './budget'
import { enforceGuardrail, type Guardrails } from './guardrails'
import { persistLesson, recallLessons, type LessonMode } from './lesson-modes'
import type { Reflexion } from './reflexion'
import { evaluateOutput, reflect, type RoleModel } from './review'
import { RunStop, RunYield, type RunContext } from './run-context'

/** What a run has achieved so far; the driver reads it for run.finished even when the run stops early. */
export type RunProgress = { output: string; bestScore: number | null; attempts: number; turns: number }

/** Everything the attempt loop needs besides the Reflexion options. */
export type AttemptLoopInput = {
  run: RunContext
  agent: AgentRuntime
  submittedIndex: number
  /** Continue a resumed run at `firstAttempt`, caused by the event that closed the attempt before it. */
  resume?: { firstAttempt: number; previousIndex: number }
  /** Asked at each attempt boundary after the first attempt this process ran: true ends the loop with RunYield. */
  shouldYield?: () => boolean
  lessons: LessonMode
  evaluatorModel: RoleModel
  reflectorModel: RoleModel
  budget?: Budget
  guardrails?: Guardrails
  progress: RunProgress
}

/**
 * The spec's attempt loop: budget → attempt_started → recall → reset messages → base → (out of turns:
 * failed trial) → evaluate → threshold_met | reflect + persist | max_attempts_reached (no reflector after the
 * last, unless lessonAfterFinalFailure).
 */
export async function runAttemptLoop(reflexion: Reflexion, input: AttemptLoopInput): Promise<'succeeded' | 'failed'> {
  const { run, progress } = input
  const budgetState = { warned: false }
  let previousIndex = input.resume?.previousIndex ?? input.submittedIndex
  let lastStartedIndex: number | undefined
  const session: AttemptSession = { messages: [], blocks: {} }
  const firstAttempt = input.resume?.firstAttempt ?? 1
  for (let attempt = firstAttempt; attempt <= reflexion.maxAttempts; attempt++) {
    run.throwIfCancelled()
    if (attempt > firstAttempt && input.shouldYield?.()) throw new RunYield(attempt)
    await checkBudget(run, input.budget, lastStartedIndex ?? input.submittedIndex, budgetState, attempt)
    const startedIndex = await run.emit('reflexion.attempt_started', via(previousIndex, HANDLERS.reflexion), {
      attempt,
      maxAttempts: reflexion.maxAttempts,
    })
    lastStartedIndex = startedIndex
    progress.attempts = attempt // counted once started: a provider error or cancel mid-attempt still used it
    session.blocks = {}
    const recalledIndex = await recallLessons(run, input.lessons, session, attempt, startedIndex)
    session.messages = [] // step 3: the base rebuilds its starting context (with the recalled lessons)
    run.throwIfCancelled()
    const result = await reflexion.base.run({
      run,
      agent: input.agent,
      session,
      prompt: run.prompt,
      attempt,
      startIndex: recalledIndex,
    })
    progress.turns += result.turns
    const isLast = attempt === reflexion.maxAttempts
    let evaluation: { score: number; feedback: string; index: number }
    if (result.status === 'out_of_turns') {
      if (isLast)
        throw new RunStop(
          'max_turns_exceeded',
          via(result.index, HANDLERS.reflexion),
          `attempt ${attempt} used all ${result.maxTurns} turns`,
        )
      const feedback = `The attempt used all ${result.maxTurns} turns without producing a final answer.`
      const index = await run.emit('reflexion.evaluated', via(result.index, HANDLERS.evaluate), {
        attempt,
        score: 0,
        threshold: reflexion.threshold,
        feedback,
        passed: false,
        reason: 'out_of_turns',
        evaluator: reflexion.evaluator.kind,
      })
      evaluation = { score: 0, feedback, index }
    } else {
      progress.output = result.output
      await enforceGuardrail(run, input.guardrails?.output, 'output', result.output, result.index)
      run.throwIfCancelled()
      evaluation = await evaluateOutput(run, reflexion.evaluator, input.evaluatorModel, {
        output: result.output,
        attempt,
        threshold: reflexion.threshold,
        outputIndex: result.index,
      })
    }
    progress.bestScore = Math.max(progress.bestScore ?? 0, evaluation.score)
    if (evaluation.score >= reflexion.threshold) {
      await run.emit('reflexion.threshold_met', via(evaluation.index, HANDLERS.reflexion), {
        attempt,
        score: evaluation.score,
      })
      return 'succeeded'
    }
    if (isLast && !reflexion.lessonAfterFinalFailure) {
      await run.emit('reflexion.max_attempts_reached', via(evaluation.index, HANDLERS.reflexion), {
        attempts: attempt,
        bestScore: progress.bestScore,
      })
      return 'failed'
    }
    run.throwIfCancelled()
    const produced = await reflect(run, input.reflectorModel, {
      reflectorPrompt: reflexion.reflectorPrompt,
      steps: result.steps,
      output: result.status === 'output' ? result.output : undefined,
      score: evaluation.score,
      feedback: evaluation.feedback,
      attempt,
      evaluatedIndex: evaluation.index,
    })
    previousIndex =
      produced.lesson === ''
        ? produced.index
        : await persistLesson(run, input.lessons, produced.lesson, attempt, evaluation.score, produced.index)
    if (isLast) {
      // lessonAfterFinalFailure: the lesson is for the next run; this one ends here.
      await run.emit('reflexion.max_attempts_reached', via(evaluation.index, HANDLERS.reflexion), {
        attempts: attempt,
        bestScore: progress.bestScore,
      })
      return 'failed'
    }
  }
  return 'failed'
}
