import { generateText, streamText, tool } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createDemoModel, DEMO_SCENARIOS, ISO_DATE_LESSON, ISO_DATE_SCENARIOS } from '../../../lib/adapters/models/demo'
import {
  Agent,
  DEFAULT_EVALUATOR_PROMPT,
  evaluatorInput,
  HashEmbedder,
  InMemoryMemory,
  InMemoryVectorStore,
  parseScore,
  Reflexion,
  Supervisor,
} from '../../../lib/core/reflexion'

function agentFor(id: string, store: InMemoryVectorStore | null, memory = new InMemoryMemory()) {
  const scenario = [...DEMO_SCENARIOS, ...ISO_DATE_SCENARIOS].find((candidate) => candidate.id === id)!
  const settings = scenario.task.reflexion!
  return {
    scenario,
    agent: new Agent({
      instructions: 'Be helpful.',
      model: createDemoModel(),
      memory,
      architecture: new Reflexion({
        evaluator: scenario.task.evaluator as never,
        maxAttempts: settings.maxAttempts,
        threshold: settings.threshold,
        lessonStore: store ?? undefined,
      }),
    }),
  }
}

describe('the offline demo model with the tools a task names', () => {
  it('calls each named tool once, in order, and reports what each returned or why it failed', async () => {
    const result = await new Agent({
      instructions: 'Be helpful.',
      model: createDemoModel(),
      tools: {
        lookup: tool({
          description: 'looks up',
          inputSchema: z.object({ text: z.string() }),
          execute: async ({ text }) => `found ${text}`,
        }),
        confirm: tool({
          description: 'confirms',
          inputSchema: z.object({ text: z.string() }),
          execute: async (): Promise<string> => {
            throw new Error('the record does not exist')
          },
        }),
      },
      architecture: new Reflexion({ maxAttempts: 1 }),
    }).run('Find "order 42" with lookup, then check it with confirm.')
    const called = result.events.filter((event) => event.type === 'agent.tool_called')
    expect(called.map((event) => [event.toolName, event.input])).toEqual([
      ['lookup', { text: 'order 42' }],
      ['confirm', { text: 'order 42' }],
    ])
    expect(result.output).toBe(
      'I called the tools the task names.\nlookup returned: found order 42\nconfirm failed: the record does not exist',
    )
  })
})

describe('the offline demo model plays the bundled scenarios through the real engine', () => {
  it('walking tour: fails with 5 stops, writes the lesson, passes with 3 stops on attempt 2', async () => {
    const { agent, scenario } = agentFor('hangzhou-walk', new InMemoryVectorStore({ embedder: new HashEmbedder() }))
    const result = await agent.run(scenario.task.prompt, { userId: 'alice' })
    expect([result.status, result.attempts]).toEqual(['succeeded', 2])
    expect(result.events.find((event) => event.type === 'reflexion.lesson_produced')?.lesson).toBe(scenario.lesson)
    expect(result.output.split('→')).toHaveLength(3)
  })

  it('Kyoto passes at once with the shared lesson in its prompt, and needs two attempts without it', async () => {
    const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    const fresh = await agentFor('kyoto-walk', store).agent.run(DEMO_SCENARIOS[1].task.prompt, { userId: 'bob' })
    expect(fresh.attempts).toBe(2)
    const shared = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    await shared.add([{ content: DEMO_SCENARIOS[0].lesson, metadata: { user_id: '*' } }])
    const helped = await agentFor('kyoto-walk', shared).agent.run(DEMO_SCENARIOS[1].task.prompt, { userId: 'carol' })
    expect([helped.status, helped.attempts]).toEqual(['succeeded', 1])
  })

  it('date questions: a sentence fails, the ISO date lesson makes the bare date pass; two are ISO without it', async () => {
    const outcomes = []
    for (const scenario of ISO_DATE_SCENARIOS) {
      const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
      const result = await agentFor(scenario.id, store).agent.run(scenario.task.prompt, { userId: 'erin' })
      outcomes.push([result.status, result.attempts])
      if (result.attempts === 2) {
        expect(result.events.find((event) => event.type === 'reflexion.lesson_produced')?.lesson).toBe(ISO_DATE_LESSON)
        expect(result.output).toBe(scenario.answerWith)
      }
    }
    expect(outcomes).toEqual([...Array(6).fill(['succeeded', 2]), ['succeeded', 1], ['succeeded', 1]])
  })

  it('JSON task misses a required field first, then passes; the impossible task reaches max attempts (monotonic)', async () => {
    const json = await agentFor('book-json', new InMemoryVectorStore({ embedder: new HashEmbedder() })).agent.run(
      DEMO_SCENARIOS[2].task.prompt,
      { userId: 'dan' },
    )
    expect([json.status, json.attempts]).toEqual(['succeeded', 2])
    const impossible = await agentFor('largest-prime', null).agent.run(DEMO_SCENARIOS[3].task.prompt, { userId: 'dan' })
    expect(impossible.status).toBe('failed')
    expect(impossible.events.some((event) => event.type === 'reflexion.max_attempts_reached')).toBe(true)
  })

  it('says plainly it is the offline demo model outside its tasks (never passed), drives a supervisor, and streams', async () => {
    const worker = new Agent({ instructions: 'You research.', model: createDemoModel() })
    const agent = new Agent({
      instructions: 'Lead.',
      model: createDemoModel(),
      architecture: new Reflexion({ base: new Supervisor({ workers: { researcher: worker } }) }),
    })
    const result = await agent.run('Write a limerick about databases.', { userId: 'erin' })
    expect(result.status).toBe('failed') // the demo model says it cannot, and its judge does not pass that
    expect(result.output).toMatch(/^This is the offline demo model/)
    expect(result.events.some((event) => event.type === 'agent.worker_delegated')).toBe(true)
    const plain = await generateText({ model: createDemoModel(), prompt: '' })
    expect(plain.text).toMatch(/offline demo model/)
    const streamed = streamText({
      model: createDemoModel(),
      prompt: 'Plan a relaxed one-day walking tour of Hangzhou.',
    })
    expect(await streamed.text).toMatch(/→/)
  })

  it.each([
    ['Write a haiku about autumn in Hangzhou.', 'West Lake → Lingyin Temple → Hefang Street'],
    ['Summarise this contract in two lines.', 'West Lake Su Causeway → Broken Bridge → Hefang Street: three stops.'],
    [
      'Write a haiku about autumn in Hangzhou.',
      'A long and perfectly reasonable looking paragraph about something else.',
    ],
  ])('its judge does not pass an unrelated answer: %j answered with %j', async (task, output) => {
    const reply = await generateText({
      model: createDemoModel(),
      system: DEFAULT_EVALUATOR_PROMPT,
      prompt: evaluatorInput(task, output),
    })
    expect(parseScore(reply.text)).toBeLessThan(0.8)
  })

  it('a haiku task about Hangzhou gets no walking route, and the run does not pass', async () => {
    const agent = new Agent({
      instructions: 'x',
      model: createDemoModel(),
      architecture: new Reflexion({ maxAttempts: 2 }),
    })
    const result = await agent.run('Write a haiku about autumn in Hangzhou.')
    expect(result.status).toBe('failed')
    expect(result.output).not.toMatch(/→/)
    expect(result.output).toMatch(/offline demo model/)
  })
})
