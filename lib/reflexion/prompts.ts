/** The evaluator's default system prompt: a `score: <0..1>` line, then a brief justification. */
export const DEFAULT_EVALUATOR_PROMPT = [
  'You are a strict evaluator. Judge whether the output fully and correctly accomplishes the task.',
  'Reply with a first line `score: <number between 0 and 1>`, then one or two sentences of justification',
  'that name what is wrong or missing, specifically enough to fix it.',
].join('\n')

/** The reflector's default system prompt: one short, specific, actionable lesson as JSON. */
export const DEFAULT_REFLECTOR_PROMPT = [
  'You review a failed attempt at a task and write ONE lesson the agent can apply on its next attempt.',
  'The lesson must be a single sentence, short, specific and actionable: a concrete check or rule',
  '(e.g. "When the user asks for an easy walk, plan at most 3 stops unless they ask for more."),',
  'never vague advice like "be careful". Reply with JSON only: {"lesson": "..."}',
].join('\n')

/** The longest text of one action or observation shown to the reflector. */
export const MAX_STEP_CHARS = 500

/** Bounds a text for a prompt or an event preview. */
export function bound(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`
}

/** Renders any value (tool input or result) as bounded text. */
export function renderValue(value: unknown, limit = MAX_STEP_CHARS): string {
  let text: string
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  return bound(text, limit)
}

/** The agent's system prompt: its instructions plus every working-memory block as a tagged section. */
export function buildSystemPrompt(instructions: string, blocks: Record<string, string>): string {
  const sections = Object.entries(blocks)
    .filter(([, content]) => content.trim() !== '')
    .map(([name, content]) => `<${name}>\n${content}\n</${name}>`)
  if (sections.length === 0) return instructions
  const header = 'Lessons from earlier attempts and working memory (apply them):'
  return `${instructions}\n\n${header}\n${sections.join('\n')}`
}
