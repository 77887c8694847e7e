import { describe, expect, it } from 'vitest'
import { draftFromForm } from '../../../lib/services/runs/task-form-input'
import { formInput } from '../../../lib/boundary/actions/form-input'
import { hasUnsafeSegment, unsafeFieldRefusal } from '../../../lib/boundary/actions/safe-keys'

const pristine = Object.getOwnPropertyNames(Object.prototype).sort()
const untouched = () => expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(pristine)

describe('form names that reach a prototype', () => {
  it('are recognised in dotted and bracketed names', () => {
    for (const name of [
      '__proto__',
      '__proto__.x',
      'a.constructor.prototype.x',
      'a[__proto__][x]',
      'prototype',
      'a.prototype',
    ])
      expect(hasUnsafeSegment(name), name).toBe(true)
    for (const name of ['title', 'evaluator.kind', 'architecture.workers.0.name', 'proto', 'constructors'])
      expect(hasUnsafeSegment(name), name).toBe(false)
  })

  it('are refused by name, nested keys included', () => {
    expect(unsafeFieldRefusal({ title: 'x', '__proto__.status': '599' })?.error).toMatch(/__proto__\.status/)
    expect(unsafeFieldRefusal(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).not.toBeNull()
    expect(unsafeFieldRefusal({ title: 'x', evaluator: { kind: 'llm' } })).toBeNull()
  })

  it('never reach Object.prototype through formInput or the task draft, even when not refused first', () => {
    const form = new FormData()
    for (const name of ['__proto__.status', 'constructor.prototype.status', 'evaluator.__proto__.status', '__proto__'])
      form.append(name, '599')
    const flat = formInput(form) as Record<string, unknown>
    expect(Object.getPrototypeOf(flat)).toBeNull()
    expect(Object.keys(flat)).toContain('__proto__.status')
    const draft = draftFromForm({ ...Object.fromEntries(Object.entries(flat)), prompt: 'p', 'evaluator.kind': 'llm' })
    untouched()
    expect(({} as Record<string, unknown>).status).toBeUndefined()
    expect(draft.prompt).toBe('p')
    expect((draft.evaluator as Record<string, unknown>).kind).toBe('llm')
  })
})
