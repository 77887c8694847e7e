import { ReflexionConfigError } from './errors'

/**
 * Why a run's user id cannot be used, or undefined when it can. `*` tags lessons every user recalls
 * (SHARED_LESSON), so a run under it would publish its lessons to everyone; a look-alike (`＊`, ` * `, `**`)
 * or a wildcard (`%`, `?`) is refused too, as are control characters, which no real id holds.
 */
export function reservedUserIdProblem(userId: string): string | undefined {
  if (typeof userId !== 'string') return 'must be a string'
  if (/[\u0000-\u001f\u007f]/.test(userId)) return 'must not contain control characters'
  const folded = userId.normalize('NFKC').trim()
  if (folded !== '' && /^[*%?\s]+$/u.test(folded))
    return `"${userId}" is reserved ("*" tags shared lessons every user recalls)`
  if (folded !== userId && folded === '') return 'must not be only whitespace (use "" for an anonymous run)'
  return undefined
}

/** Throws a ReflexionConfigError naming `userId` when it is reserved (see reservedUserIdProblem). */
export function requireUsableUserId(owner: string, userId: string): void {
  const problem = reservedUserIdProblem(userId)
  if (problem) throw new ReflexionConfigError(`${owner}: userId ${problem}`, 'userId')
}
