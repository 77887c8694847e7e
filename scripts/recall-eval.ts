/**
 * Evaluate lesson recall on your own lessons and tasks, through the product's recall path, on a
 * throwaway embedded database:
 *   npm run --silent recall-eval -- FILE.json [--embedder NAME] [--floor 0.3]
 * FILE.json: {"lessons":[{"id","content","user"}],"queries":[{"user","prompt"}],"k":5} (user "*" = shared).
 * NAME: offline (the default), hash[:dims], meaning:<w>[:…], or a provider's embedding model as in Settings →
 * Lesson recall, `openai:<model>` (OPENAI_API_KEY, optional OPENAI_BASE_URL) or `compatible:<model>`
 * (COMPATIBLE_BASE_URL, optional COMPATIBLE_API_KEY), with the keys from the environment.
 * Prints one JSON line per query, in input order: {"query":0,"ids":["best-id",...]}.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { envSecrets } from '../lib/adapters/models/secrets'
import type { Embedder } from '../lib/core/reflexion/embedder'
import { safeErrorMessage } from '../lib/core/reflexion/redact'
import { SecretScrubber } from '../lib/core/reflexion/secret-scrubber'
import { memoizedEmbedder, offlineEmbedder } from '../lib/services/lessons/embedders'
import { OFFLINE_EMBEDDING_MODEL, embeddingModelField } from '../lib/services/lessons/embedding-settings'
import { evaluateRecall, recallEvalInput } from '../lib/services/lessons/recall-evaluation'
import { providerEmbedder } from '../lib/services/lessons/tenant-embedder'

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { embedder: { type: 'string' }, floor: { type: 'string' } },
})
if (positionals.length !== 1) {
  console.error('usage: npm run --silent recall-eval -- FILE.json [--embedder NAME] [--floor NUMBER]')
  process.exit(2)
}
let json: unknown
try {
  json = JSON.parse(readFileSync(positionals[0], 'utf8'))
} catch (error) {
  console.error(`recall-eval: cannot read ${positionals[0]} as JSON: ${(error as Error).message}`)
  process.exit(2)
}
const parsed = recallEvalInput.safeParse(json)
if (!parsed.success) {
  console.error(`recall-eval: ${positionals[0]} is not a recall-eval input:`)
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.') || '(top)'}: ${issue.message}`)
  process.exit(2)
}
const floor = values.floor === undefined ? undefined : Number(values.floor)
if (floor !== undefined && !Number.isFinite(floor)) {
  console.error('recall-eval: --floor takes a number, e.g. 0.3')
  process.exit(2)
}

/** The embedder NAME names: a provider's model as Settings takes it (each text embedded once) or an offline one; null if none. */
function embedderNamed(name = OFFLINE_EMBEDDING_MODEL): Embedder | null {
  const model = embeddingModelField.safeParse(name)
  if (model.success && model.data !== OFFLINE_EMBEDDING_MODEL)
    return memoizedEmbedder(providerEmbedder(model.data, envSecrets()))
  try {
    return offlineEmbedder(name)
  } catch (error) {
    console.error(`recall-eval: ${(error as Error).message}, or a provider's: openai:<model>, compatible:<model>`)
    return null
  }
}
const embedder = embedderNamed(values.embedder)
if (embedder === null) process.exit(2)

// A provider that echoes the key in its error ("Incorrect API key provided: …") does not print it here.
const scrubber = new SecretScrubber()
for (const name of ['OPENAI_API_KEY', 'COMPATIBLE_API_KEY']) if (process.env[name]) scrubber.add(process.env[name]!)
try {
  const lines = await evaluateRecall(parsed.data, { embedder, floor })
  for (const line of lines) console.log(JSON.stringify(line))
} catch (error) {
  console.error(`recall-eval: ${scrubber.scrub(safeErrorMessage(error))}`)
  process.exit(1)
}
