import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { ModelConfigError } from './model-config-error'
import { estimateCostUsd, priceOf } from '../../core/reflexion/pricing'
import { parseModelString, resolveEmbeddingModel, resolveModel } from './resolve'
import { envSecrets, staticSecrets } from './secrets'

describe('resolveModel', () => {
  it('resolves each prefix with its secrets', async () => {
    const secrets = staticSecrets({
      OPENAI_API_KEY: 'k',
      ANTHROPIC_API_KEY: 'k',
      COMPATIBLE_BASE_URL: 'http://127.0.0.1:1/v1',
    })
    const openai = await resolveModel('openai:gpt-4.1-mini', secrets)
    expect([openai.provider.split('.')[0], openai.modelId]).toEqual(['openai', 'gpt-4.1-mini'])
    expect((await resolveModel('anthropic:claude-haiku-4-5', secrets)).provider).toContain('anthropic')
    const compatible = await resolveModel('compatible:llama3.2', secrets)
    expect([compatible.provider.split('.')[0], compatible.modelId]).toEqual(['compatible', 'llama3.2'])
    expect((await resolveEmbeddingModel('compatible:nomic-embed-text', secrets)).modelId).toBe('nomic-embed-text')
  })

  it('returns a model object unchanged', async () => {
    const model = new MockLanguageModelV4()
    expect(await resolveModel(model, envSecrets({}))).toBe(model)
  })

  it('rejects unknown prefixes listing the accepted ones, and missing keys by name', async () => {
    await expect(resolveModel('gpt-4', envSecrets({}))).rejects.toThrow(ModelConfigError)
    await expect(resolveModel('google:gemini', envSecrets({}))).rejects.toThrow(
      "expected one of 'openai:<model>', 'anthropic:<model>', 'compatible:<model>'",
    )
    await expect(resolveModel('openai:', envSecrets({}))).rejects.toThrow('Unknown model')
    await expect(resolveModel('openai:gpt-4.1', envSecrets({ OPENAI_API_KEY: '' }))).rejects.toThrow(
      'needs OPENAI_API_KEY',
    )
    await expect(resolveModel('compatible:x', envSecrets({}))).rejects.toThrow('needs COMPATIBLE_BASE_URL')
    await expect(resolveEmbeddingModel('anthropic:x', envSecrets({}))).rejects.toThrow(
      "expected one of 'openai:<model>', 'compatible:<model>'",
    )
    expect(parseModelString('openai:gpt-4.1:ft')).toEqual({ prefix: 'openai', modelId: 'gpt-4.1:ft' })
  })
})

describe('pricing', () => {
  it('prices known models per million tokens; unknown → null; demo → 0', () => {
    expect(
      estimateCostUsd('openai.chat', 'gpt-4.1-mini', { inputTokens: 1_000_000, outputTokens: 1_000_000 }),
    ).toBeCloseTo(2.0, 10)
    expect(estimateCostUsd('mock-provider', 'x', { inputTokens: 1, outputTokens: 1 })).toBeNull()
    expect(priceOf('demo', 'anything')).toEqual({ inputPerMillion: 0, outputPerMillion: 0 })
  })
})
