/**
 * Reflexion in monotonic-block mode, offline: the first plan has 5 stops and fails the "≤3 stops"
 * check, the reflector writes a lesson into the user's memory block, the second attempt reads it and passes.
 * Run: npx tsx examples/reflexion-monotonic.ts
 */
import { Agent, InMemoryMemory, Reflexion } from '../lib/core/reflexion'
import { TASK, printTrace, tourModel, verifyTour } from './walking-tour'

const memory = new InMemoryMemory()
const model = tourModel()
const agent = new Agent({
  instructions: 'You plan day tours. Follow every lesson you are given.',
  model,
  memory,
  architecture: new Reflexion({ maxAttempts: 3, threshold: 0.8, evaluator: verifyTour }),
})

const result = await agent.run(TASK, { userId: 'traveller-1' })
printTrace(result.events)
console.log(`\nstatus: ${result.status}, passed on attempt ${result.attempts}, best score ${result.bestScore}`)
console.log(`final plan: ${result.output}`)
console.log(
  `lessons in traveller-1's memory block: ${JSON.stringify(await memory.getBlock('traveller-1', 'reflexion_lessons'))}`,
)
console.log(
  `attempt 2 system prompt (the lesson reached it):\n${JSON.stringify(model.doGenerateCalls[2].prompt[0].content)}`,
)
console.log(`usage: ${JSON.stringify(result.usage)}`)
