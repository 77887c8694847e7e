/**
 * The support chat's wire format: newline-delimited JSON parts, streamed by the chat route and read
 * by the browser. Client-safe (no server imports).
 */

/** How the answer is produced: the tenant's model with query_log, or the deterministic offline diagnosis. */
export type SupportAnswerMode = 'model' | 'offline'

/** One streamed part of an answer. */
export type SupportChatPart =
  | { type: 'start'; mode: SupportAnswerMode; label: string }
  | { type: 'tool-call'; args: unknown; result: string }
  | { type: 'text'; delta: string }
  | { type: 'fallback'; reason: string; label: string }
  | { type: 'done' }
  | { type: 'error'; message: string }

/** The most characters of a tool result sent to the browser (the model gets the whole result). */
export const MAX_SHOWN_TOOL_RESULT_CHARS = 4_000

/** Encodes a part as one line of NDJSON. */
export function encodeChatPart(part: SupportChatPart): string {
  return `${JSON.stringify(part)}\n`
}

/** Splits NDJSON text into parts; returns the unfinished tail to prepend to the next chunk. */
export function decodeChatParts(buffer: string): { parts: SupportChatPart[]; rest: string } {
  const lines = buffer.split('\n')
  const rest = lines.pop() ?? ''
  const parts = lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as SupportChatPart)
  return { parts, rest }
}

/** The answer text split into plain text and `#index` citations, for rendering links. */
export function splitCitations(
  text: string,
): ({ kind: 'text'; text: string } | { kind: 'citation'; index: number; text: string })[] {
  const pieces: ({ kind: 'text'; text: string } | { kind: 'citation'; index: number; text: string })[] = []
  let last = 0
  for (const match of text.matchAll(/#(\d+)\b/g)) {
    if (match.index > last) pieces.push({ kind: 'text', text: text.slice(last, match.index) })
    pieces.push({ kind: 'citation', index: Number(match[1]), text: match[0] })
    last = match.index + match[0].length
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) })
  return pieces
}
