import { describe, expect, it } from 'vitest'
import { Agent } from './agent'
import { Reflexion } from './reflexion'
import { scriptedModel, textReply } from './test-support'

/** A resolver that knows no provider: any model string it is asked for stops the run. */
const noProviders = async (name: string): Promise<never> => {
  throw new Error(`Model '${name}' needs OPENAI_API_KEY, which is not configured.`)
}

describe('role models', () => {
  it('never resolves the judge of an evaluator that does not call a model (exact match)', async () => {
    const agent = new Agent({
      instructions: 'Answer.',
      model: scriptedModel([textReply('yes')]),
      resolveModel: noProviders,
      architecture: new Reflexion({
        maxAttempts: 1,
        evaluator: { kind: 'exact', expected: 'yes' },
        evaluatorModel: 'openai:gpt-4.1-mini',
      }),
    })
    const result = await agent.run('Say yes.')
    expect(result.status).toBe('succeeded')
  })

  it('never resolves the reflector of a one-attempt run, and resolves a judge that is used', async () => {
    const oneAttempt = new Agent({
      instructions: 'Answer.',
      model: scriptedModel([textReply('no'), textReply('score: 0.1')]),
      resolveModel: noProviders,
      architecture: new Reflexion({ maxAttempts: 1, reflectorModel: 'openai:gpt-4.1-mini' }),
    })
    expect((await oneAttempt.run('Say yes.')).status).toBe('failed')
    const judged = new Agent({
      instructions: 'Answer.',
      model: scriptedModel([textReply('yes')]),
      resolveModel: noProviders,
      architecture: new Reflexion({ maxAttempts: 1, evaluatorModel: 'openai:gpt-4.1-mini' }),
    })
    const result = await judged.run('Say yes.')
    expect(result.status).toBe('interrupted')
    expect(JSON.stringify(result.events)).toContain('needs OPENAI_API_KEY')
  })

  it('asks for a resolver when given a model string without one', async () => {
    const result = await new Agent({ instructions: 'Answer.', model: 'openai:gpt-4.1-mini' }).run('Say yes.')
    expect(result.status).toBe('interrupted')
    expect(JSON.stringify(result.events)).toContain('needs resolveModel')
  })

  it('masks every secret it is given out of the events, wherever a provider echoes it', async () => {
    const key = 'provider-key-not-shaped-like-one-4b9e'
    const agent = new Agent({
      instructions: 'Answer.',
      model: scriptedModel([textReply(`echo ${key}`), textReply(`score: 1 (${key})`)]),
      secrets: [key],
      architecture: new Reflexion({ maxAttempts: 1 }),
    })
    const result = await agent.run('Say yes.')
    expect(JSON.stringify(result.events)).not.toContain(key)
    expect(JSON.stringify(result.events)).toContain('echo ***')
  })
})
