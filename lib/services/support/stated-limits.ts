/**
 * What the agent itself said it could not do: a clause of its output that states a limit ("only
 * knows its bundled tasks", "cannot access", "I don't have…"), and the model labels that name a
 * demo, mock or offline model. Found in the payloads, for any model, not by a model's name.
 */
import type { LogReader } from './log-reader'
import { modelCalls, outputs } from './run-facts'

/** A limit the agent stated, where, and the models the run's agent calls used. */
export type StatedLimit = { position: number; clause: string; models: { label: string; position: number }[] }

const LIMIT_CUES =
  /\b(only (?:knows?|supports?|handles?|understands?|answers?|has)|can(?:not|'t)|unable to|not able to|no access|do(?:es)? not (?:know|have|support)|don't (?:know|have)|not supported|offline|demo|placeholder|stub|mock|as an ai)\b|无法|不能|只知道|只会|不支持|离线|演示/i
const PLACEHOLDER_MODEL = /demo|mock|offline|fake|stub|dummy|echo|test/i

/** The clause around the first limit cue of a text: the enclosing parenthesis, or the sentence. */
export function limitClause(text: string): string | null {
  const cue = LIMIT_CUES.exec(text)
  if (!cue) return null
  const open = text.lastIndexOf('(', cue.index)
  const close = text.indexOf(')', cue.index)
  if (open !== -1 && close !== -1 && text.lastIndexOf(')', cue.index) < open) return text.slice(open + 1, close).trim()
  const start = Math.max(text.lastIndexOf('. ', cue.index) + 1, text.lastIndexOf('\n', cue.index) + 1, 0)
  const endCandidates = ['. ', '\n', '。'].map((stop) => text.indexOf(stop, cue.index)).filter((at) => at !== -1)
  const end = endCandidates.length ? Math.min(...endCandidates) + 1 : text.length
  return text.slice(start, end).trim()
}

/** The first stated limit in the run's outputs (or the agent's model replies), with the agent models used. */
export function statedLimit(reader: LogReader): StatedLimit | null {
  const agentCalls = modelCalls(reader, { role: 'agent', last: 5 })
  const texts = [
    ...outputs(reader).map((output) => ({ position: output.position, text: output.text })),
    ...agentCalls.flatMap((call) => (call.text ? [{ position: call.position, text: call.text }] : [])),
  ]
  const models = new Map<string, number>()
  const type = 'agent.model_called'
  for (const position of reader.positions(type)) {
    const label = /\bmodel='([^']*)'/.exec(reader.line(type, position))?.[1]
    if (label && !models.has(label)) models.set(label, position)
  }
  const placeholders = [...models].filter(([label]) => PLACEHOLDER_MODEL.test(label))
  for (const { position, text } of texts) {
    const clause = limitClause(text)
    if (clause) return { position, clause, models: placeholders.map(([label, at]) => ({ label, position: at })) }
  }
  return null
}
