/**
 * Explain a run from its exported log, offline: prints diagnoseRun's answer and the query_log
 * calls it made.   npm run --silent explain -- FILE.jsonl
 */
import { readFileSync } from 'node:fs'
import { parseJsonl } from '../lib/events'
import { Reflection } from '../lib/reflection'
import { diagnoseRun } from '../lib/support'

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const [file] = process.argv.slice(2)
if (!file) {
  console.error('usage: npm run --silent explain -- FILE.jsonl')
  process.exit(2)
}
const { answer, toolCalls } = diagnoseRun(Reflection.fromEvents(parseJsonl(readFileSync(file, 'utf8'))))
console.log(answer)
console.log(`\n--- ${toolCalls.length} query_log calls ---`)
for (const call of toolCalls) {
  console.log(`\n> query_log ${JSON.stringify(call.args)}`)
  console.log(call.result)
}
