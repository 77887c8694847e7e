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
    if (parsed && typeof parsed === 'object' && 'lesson' in parsed && typeof parsed.lesson === 'string')
      return parsed.lesson
  } catch {
    return undefined
  }
  return undefined
}

/** The most of a reflector reply that is read (a lesson is one sentence; the rest is noise or an attack). */
const MAX_REPLY_CHARS = 8_000

/** Chat-template and role markers a lesson must not carry into the next attempt's prompt. */
const ROLE_MARKERS = [
  /<\|[^|>]{0,40}\|>/g, // <|im_start|>, <|system|>, <|endoftext|>
  /\[\/?(?:INST|SYS)\]|<<\/?SYS>>/gi,
  /<\s*\/?\s*(?:untrusted_[a-z_]*|system|assistant|user|developer|tool|instructions?)\b[^>]{0,80}>/gi,
  /(?:^|(?<=[\s.;:!?]))(?:system|assistant|developer|human)\s*(?:message|prompt)?\s*:\s*/gi,
  /^\s*user\s*:\s*/i,
]

/** Removes role markers, chat-template tokens and untrusted-section delimiters from a lesson. */
export function stripRoleMarkers(text: string): string {
  return ROLE_MARKERS.reduce((current, pattern) => current.replace(pattern, ' '), text)
}

/**
 * Turns a reflector reply into a clean one-line lesson: accepts `{"lesson": "..."}` or plain text,
 * drops a `Lesson:` label, bullets, quotes, control characters and role markers, joins lines, bounds
 * the length. May return ''.
 */
export function cleanLesson(reply: string, limit = MAX_LESSON_CHARS): string {
  const bounded = reply.slice(0, MAX_REPLY_CHARS)
  const text = stripRoleMarkers(
    (fromJson(bounded) ?? bounded).replace(
      /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
      ' ',
    ),
  )
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
  return (block ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
