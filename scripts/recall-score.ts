/**
 * Scores recall-eval output against a fixture that names the expected lessons of each query
 * (`"expect": ["id", ...]`, any one of them counts; `[]` = an unrelated task that must recall nothing):
 *   npm run --silent recall-eval -- F.json | npx tsx scripts/recall-score.ts F.json
 * Prints recall@k, false recalls on unrelated tasks, and lessons of other users returned (leaks).
 */
import { readFileSync } from 'node:fs'
import { scoreRecall } from '../lib/services/lessons/recall-score'

const [file] = process.argv.slice(2)
if (!file) {
  console.error('usage: ... | npx tsx scripts/recall-score.ts FIXTURE.json [--verbose]')
  process.exit(2)
}
const fixture = JSON.parse(readFileSync(file, 'utf8'))
const lines = readFileSync(0, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line))
const score = scoreRecall(fixture, lines)
if (process.argv.includes('--verbose')) for (const miss of score.misses) console.log(miss)
console.log(JSON.stringify(score.summary))
