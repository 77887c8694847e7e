import type { Agent } from './agent'
import type { Architecture } from './architecture'
import { ReflexionConfigError, requireInRange, requireInteger } from './errors'
import { createEvaluator } from './evaluators'
import type { Evaluator, EvaluatorConfig } from './evaluator-config'
import type { ModelSpec } from './model-spec'
import { ReAct } from './react'
import type { VectorStore } from './vector-store'

/** Options of the Reflexion architecture, as in the spec (camelCase). */
export type ReflexionOptions = {
  base?: Architecture
  maxAttempts?: number
  threshold?: number
  evaluatorPrompt?: string
  reflectorPrompt?: string
  lessonsBlockName?: string
  lessonStore?: VectorStore
  topKLessons?: number
  evaluatorModel?: ModelSpec
  reflectorModel?: ModelSpec
  maxLessons?: number
  evaluator?: EvaluatorConfig
  /**
   * Also reflect after the final failing attempt, so the next run starts with a lesson (one more
   * reflector call on a failed run: the tutorial's worst case, max_attempts × 3). Default off.
   */
  lessonAfterFinalFailure?: boolean
}

/**
 * Retries a task and learns from each failed attempt: an evaluator scores each output; below the
 * threshold a reflector writes a one-sentence lesson that the next attempt reads. Run it via `Agent`.
 */
export class Reflexion {
  readonly name = 'reflexion'
  readonly base: Architecture
  readonly maxAttempts: number
  readonly threshold: number
  readonly evaluatorPrompt?: string
  readonly reflectorPrompt?: string
  readonly lessonsBlockName: string
  readonly lessonStore?: VectorStore
  readonly topKLessons: number
  readonly evaluatorModel?: ModelSpec
  readonly reflectorModel?: ModelSpec
  readonly maxLessons: number
  readonly evaluator: Evaluator
  readonly lessonAfterFinalFailure: boolean

  constructor(options: ReflexionOptions = {}) {
    const {
      maxAttempts = 3,
      threshold = 0.8,
      topKLessons = 5,
      maxLessons = 10,
      lessonsBlockName = 'reflexion_lessons',
    } = options
    requireInteger('Reflexion', 'maxAttempts', maxAttempts, 1)
    requireInRange('Reflexion', 'threshold', threshold, 0, 1)
    requireInteger('Reflexion', 'topKLessons', topKLessons, 1)
    requireInteger('Reflexion', 'maxLessons', maxLessons, 1)
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(lessonsBlockName)) {
      throw new ReflexionConfigError(
        `Reflexion: lessonsBlockName must be 1-64 characters of [A-Za-z0-9_.-] (got '${lessonsBlockName}')`,
      )
    }
    this.base = options.base ?? new ReAct()
    this.maxAttempts = maxAttempts
    this.threshold = threshold
    this.evaluatorPrompt = options.evaluatorPrompt
    this.reflectorPrompt = options.reflectorPrompt
    this.lessonsBlockName = lessonsBlockName
    this.lessonStore = options.lessonStore
    this.topKLessons = topKLessons
    this.evaluatorModel = options.evaluatorModel
    this.reflectorModel = options.reflectorModel
    this.maxLessons = maxLessons
    this.lessonAfterFinalFailure = options.lessonAfterFinalFailure ?? false
    this.evaluator = createEvaluator(options.evaluator ?? { kind: 'llm' }, { evaluatorPrompt: options.evaluatorPrompt })
  }

  /** Returns {}: the workers of the base are reported by the base itself. */
  declaredWorkers(): Record<string, Agent> {
    return {}
  }
}
