/**
 * Evaluate lesson recall on your own lessons and tasks, through the product's recall path, on a
 * throwaway embedded database:
 *   npm run --silent recall-eval -- FILE.json [--embedder offline|hash[:dims]|meaning:<w>[:<dims>]] [--floor 0.3]
 * FILE.json: {"lessons":[{"id","content","user"}],"queries":[{"user","prompt"}],"k":5} (user "*" = shared).
 * Prints one JSON line per query, in input order: {"query":0,"ids":["best-id",...]}.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { offlineEmbedder } from '../lib/services/lessons/embedders'
import { evaluateRecall, recallEvalInput } from '../lib/services/lessons/recall-evaluation'

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
const parsed = recallEvalInput.safeParse(JSON.parse(readFileSync(positionals[0], 'utf8')))
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
const lines = await evaluateRecall(parsed.data, { embedder: offlineEmbedder(values.embedder), floor })
for (const line of lines) console.log(JSON.stringify(line))
