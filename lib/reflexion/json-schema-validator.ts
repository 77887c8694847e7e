import { Ajv, type ValidateFunction } from 'ajv'

/** How many compiled schemas are kept: demo and template tasks reuse a handful of schemas. */
const CACHE_SIZE = 100
const compiled = new Map<string, ValidateFunction>()

/**
 * Compiles a JSON Schema once per distinct schema text (a submit validates the schema and the run
 * compiles it again; Ajv compilation was a quarter of a submit's CPU). Throws what Ajv throws.
 */
export function compileJsonSchema(schema: Record<string, unknown>): ValidateFunction {
  const key = JSON.stringify(schema)
  const hit = compiled.get(key)
  if (hit) {
    compiled.delete(key) // re-insert: the map's order is least recently used first
    compiled.set(key, hit)
    return hit
  }
  // A fresh Ajv per schema: a shared instance would refuse two schemas with the same $id.
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema)
  compiled.set(key, validate)
  if (compiled.size > CACHE_SIZE) compiled.delete(compiled.keys().next().value as string)
  return validate
}
