import { describe, expect, it } from 'vitest'
import { Agent, HashEmbedder, InMemoryMemory, InMemoryVectorStore, Reflexion, SHARED_LESSON } from './index'
import { promptText, scriptedModel, textReply } from './test-support'

const TASK = 'Plan an easy walking tour of Hangzhou.'

/** One failing attempt that produces `lesson`, then a passing one. */
function learnScript(lesson: string) {
  return scriptedModel([
    textReply('5 stops'),
    textReply('score: 2/10'),
    textReply(JSON.stringify({ lesson })),
    textReply('3 stops'),
    textReply('score: 9/10'),
  ])
}

describe('selective recall', () => {
  it("a user's lessons never reach another user; shared lessons reach everyone; untagged never", async () => {
    const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    await store.add([{ content: 'Shared: walking tours list walking times.', metadata: { user_id: SHARED_LESSON } }])
    await store.add([{ content: 'Untagged: easy walking tour of Hangzhou has two stops.', metadata: {} }])
    const architecture = new Reflexion({ lessonStore: store })
    const alice = await new Agent({
      instructions: 'x',
      model: learnScript('Alice: easy walking tours have at most 3 stops.'),
      architecture,
    }).run(TASK, { userId: 'alice', runId: 'run-a' })
    expect(alice.status).toBe('succeeded')
    const persisted = alice.events.find((event) => event.type === 'reflexion.lesson_persisted')!
    expect(persisted).toMatchObject({ mode: 'selective', duplicate: false, lessonId: expect.any(String) })
    const [stored] = await store.search('Alice', { k: 1, filter: { user_id: 'alice' } })
    expect(stored.metadata).toMatchObject({
      user_id: 'alice',
      run_id: 'run-a',
      attempt: 1,
      score: 0.2,
      task_prompt: TASK,
    })

    const bobModel = scriptedModel([textReply('3 stops'), textReply('score: 1')])
    const bob = await new Agent({ instructions: 'x', model: bobModel, architecture }).run(TASK, { userId: 'bob' })
    const recalled = bob.events.find((event) => event.type === 'reflexion.lessons_recalled')!
    expect(recalled.mode).toBe('selective')
    expect((recalled.lessons as { content: string; userId: string }[]).map((lesson) => lesson.userId)).toEqual([
      SHARED_LESSON,
    ])
    const prompt = promptText(bobModel.doGenerateCalls[0])
    expect(prompt).toContain('Shared: walking tours list walking times.')
    expect(prompt).not.toContain('Alice')
    expect(prompt).not.toContain('Untagged')

    const againModel = scriptedModel([textReply('3 stops'), textReply('score: 1')])
    const again = await new Agent({ instructions: 'x', model: againModel, architecture }).run(TASK, { userId: 'alice' })
    const aliceRecalled = again.events.find((event) => event.type === 'reflexion.lessons_recalled')!.lessons as {
      content: string
      userId: string
      id: string
      score: number
    }[]
    expect(aliceRecalled.map((lesson) => lesson.userId).sort()).toEqual([SHARED_LESSON, 'alice'])
    expect(aliceRecalled.every((lesson) => typeof lesson.id === 'string' && typeof lesson.score === 'number')).toBe(
      true,
    )
    expect(promptText(againModel.doGenerateCalls[0])).toContain('Alice: easy walking tours have at most 3 stops.')
  })

  it("anonymous runs use the user key '' and do not see named users' lessons", async () => {
    const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    const architecture = new Reflexion({ lessonStore: store })
    await new Agent({ instructions: 'x', model: learnScript('Anonymous lesson about stops.'), architecture }).run(TASK)
    const [stored] = await store.search('stops', { k: 1, filter: { user_id: '' } })
    expect(stored.metadata.user_id).toBe('')
    const model = scriptedModel([textReply('ok'), textReply('score: 1')])
    await new Agent({ instructions: 'x', model, architecture }).run(TASK, { userId: 'carol' })
    expect(promptText(model.doGenerateCalls[0])).not.toContain('Anonymous lesson')
  })

  it('recalls at most topKLessons and does not store a duplicate twice', async () => {
    const store = new InMemoryVectorStore({ embedder: new HashEmbedder() })
    for (const number of [1, 2, 3])
      await store.add([{ content: `Walking tour lesson ${number}.`, metadata: { user_id: 'dan' } }])
    const architecture = new Reflexion({ lessonStore: store, topKLessons: 2 })
    const result = await new Agent({
      instructions: 'x',
      model: learnScript('walking tour lesson 1'),
      architecture,
    }).run('walking tour', { userId: 'dan' })
    expect(
      (result.events.find((event) => event.type === 'reflexion.lessons_recalled')!.lessons as unknown[]).length,
    ).toBe(2)
    expect(result.events.find((event) => event.type === 'reflexion.lesson_persisted')).toMatchObject({
      duplicate: true,
    })
    expect(store.size).toBe(3)
  })
})

describe('monotonic block', () => {
  it("lives in the run's own user's memory and never reaches another user", async () => {
    const memory = new InMemoryMemory()
    const architecture = new Reflexion()
    await new Agent({ instructions: 'x', model: learnScript('Erin: at most 3 stops.'), memory, architecture }).run(
      TASK,
      { userId: 'erin' },
    )
    expect(await memory.getBlock('erin', 'reflexion_lessons')).toBe('Erin: at most 3 stops.')
    expect(await memory.working('frank')).toEqual({})
    const model = scriptedModel([textReply('ok'), textReply('score: 1')])
    const frank = await new Agent({ instructions: 'x', model, memory, architecture }).run(TASK, { userId: 'frank' })
    expect(promptText(model.doGenerateCalls[0])).not.toContain('Erin')
    expect(frank.events.find((event) => event.type === 'reflexion.lessons_recalled')).toMatchObject({
      lessons: [],
      mode: 'monotonic',
      block: 'reflexion_lessons',
    })
    const anonymous = scriptedModel([textReply('ok'), textReply('score: 1')])
    await new Agent({ instructions: 'x', model: anonymous, memory, architecture }).run(TASK)
    expect(promptText(anonymous.doGenerateCalls[0])).not.toContain('Erin')
  })

  it('keeps one lesson per line, the newest maxLessons, and reports duplicates', async () => {
    const memory = new InMemoryMemory()
    await memory.setBlock('gina', 'lessons', 'Old lesson one.\nOld lesson two.')
    const model = scriptedModel([
      textReply('a1'),
      textReply('score: 0'),
      textReply('New lesson\nspread over lines.'),
      textReply('a2'),
      textReply('score: 0'),
      textReply('old lesson TWO'),
      textReply('a3'),
      textReply('score: 0'),
    ])
    const architecture = new Reflexion({ maxLessons: 2, lessonsBlockName: 'lessons' })
    const result = await new Agent({ instructions: 'x', model, memory, architecture }).run(TASK, { userId: 'gina' })
    const persisted = result.events.filter((event) => event.type === 'reflexion.lesson_persisted')
    expect(persisted[0]).toMatchObject({
      lesson: 'New lesson spread over lines.',
      duplicate: false,
      blockSize: 2,
      droppedOldest: ['Old lesson one.'],
      block: 'lessons',
    })
    expect(persisted[1]).toMatchObject({ lesson: 'old lesson TWO', duplicate: true, blockSize: 2 })
    expect(await memory.getBlock('gina', 'lessons')).toBe('Old lesson two.\nNew lesson spread over lines.')
    const recalled = result.events
      .filter((event) => event.type === 'reflexion.lessons_recalled')
      .map((event) => (event.lessons as { content: string }[]).map((lesson) => lesson.content))
    expect(recalled).toEqual([
      ['Old lesson one.', 'Old lesson two.'],
      ['Old lesson two.', 'New lesson spread over lines.'],
      ['Old lesson two.', 'New lesson spread over lines.'],
    ])
    expect(promptText(model.doGenerateCalls[3])).toContain(
      '<untrusted_memory block="lessons">\nOld lesson two.\nNew lesson spread over lines.\n</untrusted_memory>',
    )
  })

  it('an empty lesson is not persisted; the next attempt follows lesson_produced', async () => {
    const model = scriptedModel([
      textReply('a1'),
      textReply('score: 0'),
      textReply('{"lesson": "  "}'),
      textReply('a2'),
      textReply('score: 1'),
    ])
    const memory = new InMemoryMemory()
    const result = await new Agent({ instructions: 'x', model, memory, architecture: new Reflexion() }).run(TASK)
    expect(result.events.some((event) => event.type === 'reflexion.lesson_persisted')).toBe(false)
    const produced = result.events.find((event) => event.type === 'reflexion.lesson_produced')!
    expect(produced).toMatchObject({ lesson: '', empty: true })
    expect(result.events[produced.index + 1]).toMatchObject({
      type: 'reflexion.attempt_started',
      attempt: 2,
      cause: { kind: 'handler', index: produced.index, handler: 'reflexion' },
    })
    expect(await memory.working('')).toEqual({})
  })
})
