import { describe, expect, it } from 'vitest'
import { DEMO_MODEL_SPEC } from '../../../lib/adapters/models/demo'
import { evaluatorConfigSchema } from '../../../lib/core/reflexion/evaluator-config'
import { EVALUATOR_LABELS, evaluatorLabel, modelDisplayLabel } from '../../../lib/services/runs/labels'

describe('the one label map of evaluators and models', () => {
  it('names every evaluator kind the task schema accepts', () => {
    const kinds = evaluatorConfigSchema.options.map((option) => option.shape.kind.value)
    expect(Object.keys(EVALUATOR_LABELS).sort()).toEqual([...kinds].sort())
    expect(evaluatorLabel('regex')).toBe('regular expression')
  })

  it('shows an unknown kind (an old run) as stored, even a name of Object.prototype', () => {
    expect(evaluatorLabel('semantic')).toBe('semantic')
    expect(evaluatorLabel('constructor')).toBe('constructor')
  })

  it('labels the demo model and leaves provider models as they are', () => {
    expect(modelDisplayLabel(DEMO_MODEL_SPEC)).toBe('demo (offline)')
    expect(modelDisplayLabel('openai:gpt-4o-mini')).toBe('openai:gpt-4o-mini')
  })
})
