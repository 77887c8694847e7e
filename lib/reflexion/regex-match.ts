import vm from 'node:vm'

/** The result of a bounded regex test: matched, or timed out. */
export type BoundedMatch = { matched: boolean; timedOut: boolean }

/** Tests a regex in a separate V8 context with a time limit, so a catastrophic pattern cannot hang the run. */
export function boundedRegexTest(pattern: string, flags: string, subject: string, timeoutMs = 100): BoundedMatch {
  try {
    const matched = vm.runInNewContext('new RegExp(pattern, flags).test(subject)', { pattern, flags, subject }, { timeout: timeoutMs })
    return { matched: matched === true, timedOut: false }
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { matched: false, timedOut: true }
    throw error
  }
}
