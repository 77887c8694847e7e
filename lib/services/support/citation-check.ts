/**
 * Citations checked against the log: a model may cite `#index` values the log does not hold. They
 * are marked in the answer (never silently kept as links) and listed, for the streamed answer too.
 */

/** The marker written after a citation of an event the log does not hold. */
export const MISSING_CITATION_NOTE = ' (no such event)'

/** The `#index` citations of a text: those the log holds (0..total-1) and those it does not. */
export function checkCitations(text: string, total: number): { valid: number[]; invalid: number[] } {
  const cited = [...new Set([...text.matchAll(/#(\d+)\b/g)].map((match) => Number(match[1])))]
  return { valid: cited.filter((index) => index < total), invalid: cited.filter((index) => index >= total) }
}

/** The text with every citation of a missing event marked. */
export function markInvalidCitations(text: string, total: number): string {
  return text.replace(/#(\d+)\b/g, (citation, index: string) =>
    Number(index) < total ? citation : `${citation}${MISSING_CITATION_NOTE}`,
  )
}

/**
 * A filter for streamed text: holds back a trailing `#123` that may continue in the next delta, and
 * marks citations of missing events as they complete. `end()` flushes what is held.
 */
export function citationFilter(total: number): { push(delta: string): string; end(): string; invalid: Set<number> } {
  let held = ''
  const invalid = new Set<number>()
  const release = (text: string) => {
    for (const index of checkCitations(text, total).invalid) invalid.add(index)
    return markInvalidCitations(text, total)
  }
  return {
    invalid,
    push(delta) {
      const text = held + delta
      const tail = /#\d*$/.exec(text)
      held = tail ? tail[0] : ''
      return release(tail ? text.slice(0, tail.index) : text)
    },
    end() {
      const text = held
      held = ''
      return release(text)
    },
  }
}
