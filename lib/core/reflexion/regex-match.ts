import vm from 'node:vm'

/** The result of a bounded regex test: matched, or timed out. */
export type BoundedMatch = { matched: boolean; timedOut: boolean }

/** The result of a bounded call: its value, or the fact that it ran out of time. */
export type BoundedResult<T> = { timedOut: false; value: T } | { timedOut: true }

/**
 * Runs a synchronous function under a V8 time limit (vm `timeout` stops any JavaScript running on the
 * thread, regexes included), so a catastrophic pattern or a pathological input cannot hang the run.
 */
export function boundedCall<T>(work: () => T, timeoutMs: number): BoundedResult<T> {
  try {
    return { timedOut: false, value: vm.runInNewContext('work()', { work }, { timeout: timeoutMs }) as T }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { timedOut: true }
    throw error
  }
}

/** Tests a regex in a separate V8 context with a time limit, so a catastrophic pattern cannot hang the run. */
export function boundedRegexTest(pattern: string, flags: string, subject: string, timeoutMs = 100): BoundedMatch {
  try {
    const matched = vm.runInNewContext(
      'new RegExp(pattern, flags).test(subject)',
      { pattern, flags, subject },
      { timeout: timeoutMs },
    )
    return { matched: matched === true, timedOut: false }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { matched: false, timedOut: true }
    throw error
  }
}
