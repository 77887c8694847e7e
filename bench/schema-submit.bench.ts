// What a huge JSON Schema costs the server's event loop on the submit path: six 540 KB schemas
// (9,000 properties each) checked the way a New task submit checks them, against compiling them as
// the submit path used to. While they are checked, a probe stands in for /api/health: how late a
// 5 ms timer fires is how long any other tenant's request would have waited.
// Run: npx tsx bench/schema-submit.bench.ts
import { monitorEventLoopDelay } from 'node:perf_hooks'
import os from 'node:os'
import { Ajv } from 'ajv'
import { evaluatorConfigSchema } from '../lib/core/reflexion/evaluator-config'

const SCHEMAS = 6
const PROPERTIES = 9_000

function hugeSchema(seed: number): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: PROPERTIES }, (_, index) => [`field_${seed}_${index}`, { type: 'string', maxLength: 80 }]),
  )
  return { type: 'object', properties, required: Object.keys(properties).slice(0, 100) }
}

async function measure(label: string, check: (schema: Record<string, unknown>) => unknown) {
  const schemas = Array.from({ length: SCHEMAS }, (_, seed) => hugeSchema(seed))
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  let worstProbe = 0
  let expected = performance.now() + 5
  const probe = setInterval(() => {
    const now = performance.now()
    worstProbe = Math.max(worstProbe, now - expected)
    expected = now + 5
  }, 5)
  histogram.enable()
  const started = performance.now()
  const outcomes: string[] = []
  // One submit per tick, as six requests arriving together would be served.
  for (const schema of schemas) {
    await new Promise((resolve) => setImmediate(resolve))
    outcomes.push(String(check(schema)))
  }
  await new Promise((resolve) => setTimeout(resolve, 20))
  const elapsed = performance.now() - started
  histogram.disable()
  clearInterval(probe)
  return {
    label,
    kb: Math.round(Buffer.byteLength(JSON.stringify(schemas[0])) / 1024),
    elapsedMs: Math.round(elapsed),
    worstHealthWaitMs: Math.round(Math.max(worstProbe, histogram.max / 1e6)),
    outcome: [...new Set(outcomes)].join(' / '),
  }
}

const rows = [
  await measure('submit check now (size limits, meta-schema, no compile)', (schema) => {
    const parsed = evaluatorConfigSchema.safeParse({ kind: 'json_schema', schema })
    return parsed.success ? 'accepted' : `refused: ${parsed.error.issues[0]?.message}`
  }),
  await measure('submit check before (Ajv compile per schema)', (schema) => {
    new Ajv({ allErrors: true, strict: false }).compile(schema)
    return 'accepted'
  }),
]

console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`)
console.log(`${SCHEMAS} schemas of ${PROPERTIES.toLocaleString('en')} properties, checked one per tick`)
for (const row of rows)
  console.log(
    `${row.label}: ${row.kb} KB each, ${row.elapsedMs} ms for all six, worst wait of a health probe ${row.worstHealthWaitMs} ms — ${row.outcome}`,
  )
