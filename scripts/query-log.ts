/**
 * Query a run's exported log from the command line:
 *   npm run --silent query-log -- FILE.jsonl '{"op":"count","type":"reflexion.evaluated"}'
 * With no query, prints the context card and usage.
 */
import { readFileSync } from 'node:fs'
import { parseJsonl } from '../lib/core/events'
import { Reflection } from '../lib/core/reflection'

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const [file, query] = process.argv.slice(2)
if (!file) {
  console.error('usage: npm run --silent query-log -- FILE.jsonl [\'{"op":"overview"}\']')
  process.exit(2)
}
const reflection = Reflection.fromEvents(parseJsonl(readFileSync(file, 'utf8')))
if (query === undefined) {
  console.log(reflection.context())
  console.log(`\nusage: npm run --silent query-log -- ${file} '{"op":"overview"}'`)
  console.log(
    'ops: overview, list, get, filter/select, latest/first, has/count, after/before, evidence, cause, state, schema',
  )
} else {
  const answer = reflection.tool().run(query)
  console.log(answer)
  if (answer.startsWith('error:')) process.exitCode = 1
}
