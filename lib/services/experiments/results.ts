import { standingOf, type RunStanding } from './infrastructure'
import type { Arm } from './schemas'
import { mean, verdictOf, type Verdict } from './statistics'

/** One run of an experiment, as the results read it. */
export type ExperimentRunRecord = {
  runId: string
  arm: number
  item: number
  repeat: number
  status: string
  interruptionReason: string | null
  bestScore: number | null
  attemptsUsed: number
  tokens: number
  costUsd: number | null
  durationMs: number | null
  output: string | null
  recalled: { id: string; content: string }[]
}

/** An arm's figures over its scored runs (left-out runs counted apart). */
export type ArmResult = {
  label: string
  lessonIds: string[]
  runs: number
  scored: number
  infrastructure: number
  cancelled: number
  unfinished: number
  passRate: number | null
  meanBestScore: number | null
  /** Mean attempts of the runs that passed. */
  meanAttemptsToPass: number | null
  meanTokens: number | null
  costUsd: number | null
  meanDurationMs: number | null
}

/** An arm against the baseline (arm 0): paired per-item differences of pass rate, and the verdict. */
export type Comparison = {
  arm: number
  label: string
  /** Lessons this arm allows that the baseline does not: the verdict is theirs. */
  lessonIds: string[]
  verdict: Verdict
  /** Mean per-item difference of best score (×100), for reading next to the pass rate. */
  meanScorePoints: number | null
  /** Items left unpaired (no scored run in one of the two arms). */
  unpaired: number
}

/** One run in the per-item view. */
export type ItemRun = Pick<
  ExperimentRunRecord,
  'runId' | 'repeat' | 'status' | 'bestScore' | 'output' | 'recalled' | 'interruptionReason'
> & { standing: RunStanding; passed: boolean }

/** One dataset item with each arm's runs side by side. */
export type ItemResult = { item: number; arms: ItemRun[][] }

/** The full results of an experiment. */
export type ExperimentResults = {
  arms: ArmResult[]
  comparisons: Comparison[]
  items: ItemResult[]
  excludedInfrastructure: number
  excludedCancelled: number
}

const average = (values: number[]) => mean(values)
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

function armResult(arm: Arm, runs: ExperimentRunRecord[]): ArmResult {
  const standings = runs.map((run) => standingOf(run.status, run.interruptionReason))
  const scored = runs.filter((_, index) => standings[index] === 'scored')
  const passed = scored.filter((run) => run.status === 'succeeded')
  const costs = scored.map((run) => run.costUsd)
  return {
    label: arm.label,
    lessonIds: arm.lessonIds,
    runs: runs.length,
    scored: scored.length,
    infrastructure: standings.filter((standing) => standing === 'infrastructure').length,
    cancelled: standings.filter((standing) => standing === 'cancelled').length,
    unfinished: standings.filter((standing) => standing === 'unfinished').length,
    passRate: scored.length ? passed.length / scored.length : null,
    meanBestScore: average(scored.map((run) => run.bestScore ?? 0)),
    meanAttemptsToPass: average(passed.map((run) => run.attemptsUsed)),
    meanTokens: average(scored.map((run) => run.tokens)),
    costUsd: costs.some((cost) => cost === null) ? null : sum(costs as number[]),
    meanDurationMs: average(scored.flatMap((run) => (run.durationMs === null ? [] : [run.durationMs]))),
  }
}

/** Per item: pass rate and mean best score of an arm's scored runs (null when it has none). */
function perItem(runs: ExperimentRunRecord[], items: number): { pass: number | null; score: number | null }[] {
  return Array.from({ length: items }, (_, item) => {
    const scored = runs.filter(
      (run) => run.item === item && standingOf(run.status, run.interruptionReason) === 'scored',
    )
    return {
      pass: average(scored.map((run) => (run.status === 'succeeded' ? 1 : 0))),
      score: average(scored.map((run) => run.bestScore ?? 0)),
    }
  })
}

/**
 * The results of an experiment from its runs: per arm pass rate, mean best score, attempts to pass,
 * tokens, cost and time; each arm against the baseline (arm 0) by paired per-item differences of pass
 * rate (bootstrap interval, sign test, verdict); runs interrupted by infrastructure or cancelled are left
 * out of every figure and counted apart; per item, the arms' runs side by side.
 */
export function experimentResults(
  arms: Arm[],
  itemCount: number,
  runs: ExperimentRunRecord[],
  options: { seed?: number } = {},
): ExperimentResults {
  const byArm = arms.map((_, arm) => runs.filter((run) => run.arm === arm))
  const armResults = arms.map((arm, index) => armResult(arm, byArm[index]))
  const baseline = perItem(byArm[0] ?? [], itemCount)
  const comparisons = arms.slice(1).map((arm, offset) => {
    const index = offset + 1
    const other = perItem(byArm[index], itemCount)
    const passDifferences: number[] = []
    const scoreDifferences: number[] = []
    let unpaired = 0
    for (let item = 0; item < itemCount; item++) {
      const a = baseline[item]
      const b = other[item]
      if (a.pass === null || b.pass === null) {
        unpaired++
        continue
      }
      passDifferences.push(b.pass - a.pass)
      scoreDifferences.push((b.score ?? 0) - (a.score ?? 0))
    }
    const meanScore = mean(scoreDifferences)
    return {
      arm: index,
      label: arm.label,
      lessonIds: arm.lessonIds.filter((id) => !arms[0].lessonIds.includes(id)),
      verdict: verdictOf(passDifferences, { seed: options.seed }),
      meanScorePoints: meanScore === null ? null : Math.round(meanScore * 100),
      unpaired,
    }
  })
  const items = Array.from({ length: itemCount }, (_, item) => ({
    item,
    arms: byArm.map((armRuns) =>
      armRuns
        .filter((run) => run.item === item)
        .sort((a, b) => a.repeat - b.repeat)
        .map((run) => ({
          runId: run.runId,
          repeat: run.repeat,
          status: run.status,
          bestScore: run.bestScore,
          output: run.output,
          recalled: run.recalled,
          interruptionReason: run.interruptionReason,
          standing: standingOf(run.status, run.interruptionReason),
          passed: run.status === 'succeeded',
        })),
    ),
  }))
  return {
    arms: armResults,
    comparisons,
    items,
    excludedInfrastructure: sum(armResults.map((arm) => arm.infrastructure)),
    excludedCancelled: sum(armResults.map((arm) => arm.cancelled)),
  }
}
