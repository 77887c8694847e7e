/**
 * Reflexion in selective-recall mode, offline: lessons go to a vector store (HashEmbedder) tagged with
 * the user; a shared lesson (user_id '*') reaches everyone. Same walking-tour story as the monotonic example.
 * Run: npx tsx examples/reflexion-selective.ts
 */
import { Agent, HashEmbedder, InMemoryVectorStore, Reflexion, SHARED_LESSON } from '../lib/core/reflexion'
import { scriptedModel, textReply } from '../lib/core/reflexion/test-support'
import { TASK, printTrace, tourModel, verifyTour } from './walking-tour'

const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
await store.add([{ content: 'Give walking times between stops.', metadata: { user_id: SHARED_LESSON } }])
const architecture = new Reflexion({ lessonStore: store, topKLessons: 5, evaluator: verifyTour })
const instructions = 'You plan day tours. Follow every lesson you are given.'

const first = await new Agent({ instructions, model: tourModel(), architecture }).run(TASK, {
  userId: 'traveller-1',
  runId: 'run-1',
})
printTrace(first.events)
console.log(`\nrun-1: ${first.status} on attempt ${first.attempts}: ${first.output}`)

// The same user asks again tomorrow: the lesson is recalled before the first attempt.
const again = await new Agent({
  instructions,
  model: scriptedModel([textReply('West Lake (40 min walk) → Tea Museum (30 min walk)')]),
  architecture,
}).run(TASK, { userId: 'traveller-1', runId: 'run-2' })
console.log(
  `\nrun-2 recalled: ${JSON.stringify(again.events.find((event) => event.type === 'reflexion.lessons_recalled')?.lessons)}`,
)
console.log(`run-2: ${again.status} on attempt ${again.attempts}`)

// Another user sees only the shared lesson, never traveller-1's.
const other = await new Agent({
  instructions,
  model: scriptedModel([textReply('Lingyin Temple (walk)')]),
  architecture,
}).run(TASK, { userId: 'traveller-2' })
console.log(
  `traveller-2 recalled: ${JSON.stringify(other.events.find((event) => event.type === 'reflexion.lessons_recalled')?.lessons)}`,
)
