/** The longest lesson kept, in characters; longer lessons are cut at a word boundary. */
export const MAX_LESSON_CHARS = 280

/** The comparison key of a lesson: lowercase, collapsed whitespace, trailing punctuation stripped. */
export function normaliseLesson(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s\p{P}]+$/u, '')
}

/** Cuts text to `limit` characters at a word boundary, marking the cut with an ellipsis. */
export function cutAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text
  const slice = text.slice(0, limit - 1)
  const space = slice.lastIndexOf(' ')
  return `${(space > limit / 2 ? slice.slice(0, space) : slice).trimEnd()}…`
}

function fromJson(reply: string): string | undefined {
  const match = /\{[\s\S]*\}/.exec(reply)
  if (!match) return undefined
  try {
    const parsed: unknown = JSON.parse(match[0])
    if (parsed && typeof parsed === 'object' && 'lesson' in parsed && typeof parsed.lesson === 'string') return parsed.lesson
  } catch {
    return undefined
  }
  return undefined
}

/**
 * Turns a reflector reply into a clean one-line lesson: accepts `{"lesson": "..."}` or plain text,
 * drops a `Lesson:` label, bullets and surrounding quotes, joins lines, bounds the length. May return ''.
 */
export function cleanLesson(reply: string, limit = MAX_LESSON_CHARS): string {
  const text = (fromJson(reply) ?? reply)
    .replace(/```[a-z]*|```/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:[-*•]\s*)?(?:\*\*)?lesson(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*/i, '')
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim()
  return cutAtWord(text, limit)
}

/** Splits a monotonic block into its lessons, one per non-empty line. */
export function blockLines(block: string | undefined): string[] {
  return (block ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '')
}
