import { describe, expect, it } from 'vitest'
import { compileJsonSchema } from './json-schema-validator'

describe('compileJsonSchema', () => {
  const book = { type: 'object', required: ['title'], properties: { title: { type: 'string' } } }

  it('compiles a schema text once and reuses it', () => {
    const first = compileJsonSchema(book)
    expect(compileJsonSchema(JSON.parse(JSON.stringify(book)))).toBe(first)
    expect(compileJsonSchema({ ...book, required: [] })).not.toBe(first)
  })

  it('validates with the cached function', () => {
    const validate = compileJsonSchema(book)
    expect(validate({ title: 'Dune' })).toBe(true)
    expect(validate({})).toBe(false)
    expect(validate.errors?.[0]?.message).toContain('title')
  })

  it('accepts two schemas with the same $id (one Ajv per schema)', () => {
    expect(() => compileJsonSchema({ $id: 'same', type: 'string' })).not.toThrow()
    expect(() => compileJsonSchema({ $id: 'same', type: 'number' })).not.toThrow()
  })

  it('still refuses an invalid schema', () => {
    expect(() => compileJsonSchema({ type: 'no-such-type' })).toThrow()
  })
})
