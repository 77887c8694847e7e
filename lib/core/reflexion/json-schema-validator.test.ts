import { describe, expect, it } from 'vitest'
import {
  compileJsonSchema,
  isCompiled,
  JsonSchemaTooLargeError,
  jsonSchemaUsabilityProblem,
} from './json-schema-validator'

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

describe('jsonSchemaUsabilityProblem', () => {
  const wide = (count: number) => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }])),
  })
  const deep = (levels: number) => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { next: schema } }
    return schema
  }

  it('accepts an ordinary schema, local references and named anchors', () => {
    expect(jsonSchemaUsabilityProblem(wide(50))).toBeUndefined()
    expect(
      jsonSchemaUsabilityProblem({
        definitions: { name: { type: 'string' }, 'a/b': { $id: '#tag', type: 'number' } },
        properties: {
          first: { $ref: '#/definitions/name' },
          second: { $ref: '#/definitions/a~1b' },
          third: { $ref: '#tag' },
        },
      }),
    ).toBeUndefined()
  })

  it('refuses a schema with too many keys, too deep or too large, naming the limit', () => {
    expect(jsonSchemaUsabilityProblem(wide(9_000))).toBe('the schema has more than 2,000 keys')
    expect(jsonSchemaUsabilityProblem(deep(40))).toMatch(/nested more than 32 levels/)
    expect(jsonSchemaUsabilityProblem({ description: 'x'.repeat(70_000) })).toBe('the schema is larger than 64 KB')
    expect(() => compileJsonSchema(wide(9_000))).toThrow(JsonSchemaTooLargeError)
  })

  it('refuses a schema the meta-schema rejects and a reference that leads outside the schema', () => {
    expect(jsonSchemaUsabilityProblem({ type: 'no-such-type' })).toMatch(/schema\/type/)
    expect(jsonSchemaUsabilityProblem({ properties: { a: { $ref: '#/definitions/missing' } } })).toMatch(/\$ref/)
    expect(jsonSchemaUsabilityProblem({ $ref: 'http://169.254.169.254/schema.json' })).toMatch(/\$ref/)
  })

  it('does not compile: a schema checked on the request path is not in the compiled cache', () => {
    const schema = { type: 'object', properties: { unique: { const: `only-here-${Math.random()}` } } }
    expect(jsonSchemaUsabilityProblem(schema)).toBeUndefined()
    expect(isCompiled(schema)).toBe(false)
    compileJsonSchema(schema)
    expect(isCompiled(schema)).toBe(true)
  })
})
