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

/** A list marker at the start of a line: `- `, `* `, `• `, `1.`, `2)`, `3、`. */
const LIST_MARKER = /^\s*(?:[-*•]|\d{1,2}[.)、．])\s*/
/** A label before the lesson, in the languages lessons are written in: `Lesson:`, `教训：`, `Lección:`… */
const PREAMBLE =
  /^\s*(?:\*\*)?(?:(?:the\s+|my\s+)?(?:lesson|takeaway|reflection)(?:\s+learned)?|lección|leçon|lektion|教训|经验|教訓|レッスン)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*/i

/** A line without its list marker and label (either order, e.g. `1. Lesson: …`). */
function stripMarkers(line: string): string {
  let text = line
  for (let pass = 0; pass < 2; pass++) text = text.replace(LIST_MARKER, '').replace(PREAMBLE, '')
  return text.trim()
}

/**
 * The lesson's lines: a list keeps its first item (one lesson, not several); wrapped prose is joined.
 * Label-only lines (`Lesson:`) are dropped.
 */
function lessonLines(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const isList = lines.filter((line) => LIST_MARKER.test(line)).length >= 2
  const kept = lines.map(stripMarkers).filter((line) => line !== '')
  return isList ? (kept[0] ?? '') : kept.join(' ')
}

/** The first sentence of a text when more follow (`.`, `!`, `?` before a space, or a CJK full stop). */
export function firstSentence(text: string): string {
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs|approx|incl|Dr|Mr|Mrs|Ms|No|St))[.!?](?=\s+\S)|[。！？](?=\S)/iu.exec(text)
  return end ? text.slice(0, end.index + 1).trim() : text
}

/**
 * Turns a reflector reply into a clean one-sentence lesson: accepts `{"lesson": "..."}` or plain
 * text, drops list markers and labels (`- `, `1.`, `Lesson:`, `教训：`), keeps the first item of a
 * list and the first sentence, removes quotes, control characters and role markers, bounds the
 * length. May return ''.
 */
export function cleanLesson(reply: string, limit = MAX_LESSON_CHARS): string {
  const bounded = reply.slice(0, MAX_REPLY_CHARS)
  const raw = (fromJson(bounded) ?? bounded)
    .replace(/```[a-z]*|```/gi, '\n')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ')
  const lines = lessonLines(raw)
  const unmarked = stripRoleMarkers(lines)
  const text = stripMarkers(
    unmarked
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^["'“”「『]+|["'“”」』]+$/g, ''),
  )
  // A reply that carried role markers keeps its sentences: which one is the lesson is not ours to guess.
  const lesson = unmarked === lines ? firstSentence(text) : text
  return cutAtWord(lesson.replace(/^["'“”「『]+|["'“”」』]+$/g, '').trim(), limit)
}

/** Splits a monotonic block into its lessons, one per non-empty line. */
export function blockLines(block: string | undefined): string[] {
  return (block ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
