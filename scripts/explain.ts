/**
 * Explain a run from its exported log, offline, or answer questions about it:
 *   npm run --silent explain -- FILE.jsonl                       the explanation
 *   npm run --silent explain -- FILE.jsonl --question "…"        the answer (several --question: a conversation)
 * The query_log calls each answer rests on follow a line starting with `---` (omit with --no-transcript).
 */
import { readFileSync } from 'node:fs'
import { parseJsonl } from '../lib/core/events'
import { Reflection } from '../lib/core/reflection'
import { answerQuestionOffline, diagnoseRun, type ToolCallRecord } from '../lib/services/support'

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

const args = process.argv.slice(2)
const questions: string[] = []
let file: string | undefined
let transcript = true
for (let position = 0; position < args.length; position++) {
  const arg = args[position]
  if (arg === '--question' || arg === '-q') {
    const question = args[++position]
    if (question === undefined) {
      console.error('--question needs a question, e.g. --question "Why did it fail?"')
      process.exit(2)
    }
    questions.push(question)
  } else if (arg.startsWith('--question=')) questions.push(arg.slice('--question='.length))
  else if (arg === '--no-transcript') transcript = false
  else if (!file) file = arg
  else {
    console.error(`unexpected argument ${JSON.stringify(arg)}`)
    process.exit(2)
  }
}
if (!file) {
  console.error('usage: npm run --silent explain -- FILE.jsonl [--question "…"]… [--no-transcript]')
  process.exit(2)
}

function printTranscript(toolCalls: ToolCallRecord[]) {
  console.log(`\n--- ${toolCalls.length} query_log calls ---`)
  for (const call of toolCalls) {
    console.log(`\n> query_log ${JSON.stringify(call.args)}`)
    console.log(call.result)
  }
}

const reflection = Reflection.fromEvents(parseJsonl(readFileSync(file, 'utf8')))
if (questions.length === 0) {
  const { answer, toolCalls } = diagnoseRun(reflection)
  console.log(answer)
  if (transcript) printTranscript(toolCalls)
} else {
  const answers = questions.map((question, position) =>
    answerQuestionOffline(reflection, question, { history: questions.slice(0, position) }),
  )
  answers.forEach(({ answer }, position) => {
    if (questions.length > 1) console.log(`${position > 0 ? '\n' : ''}Q: ${questions[position]}`)
    console.log(answer)
  })
  if (transcript) printTranscript(answers.flatMap((answer) => answer.toolCalls))
}
