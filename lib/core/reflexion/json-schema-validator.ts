import { Ajv, type ValidateFunction } from 'ajv'
import { BoundedCache } from './bounded-cache'

/** How many compiled schemas are kept: demo and template tasks reuse a handful of schemas. */
const CACHE_SIZE = 100
const compiled = new BoundedCache<string, ValidateFunction>(CACHE_SIZE)

/**
 * The largest JSON Schema a task may carry. Ajv compiles into generated code in time that grows
 * with the schema: a 540 KB schema of 9,000 properties held the event loop for 2.5 s, so every
 * tenant's requests waited. Real output schemas are a few KB; these limits leave ten times that.
 */
export const JSON_SCHEMA_LIMITS = { maxBytes: 64 * 1024, maxDepth: 32, maxKeys: 2_000 } as const

/** Why a schema is too big to compile on a shared server (bytes, nesting, keys), or undefined. */
export function jsonSchemaSizeProblem(schema: unknown): string | undefined {
  const { maxBytes, maxDepth, maxKeys } = JSON_SCHEMA_LIMITS
  let keys = 0
  // Walks with an explicit stack and stops at the first limit crossed, so a hostile schema costs little.
  const stack: { value: unknown; depth: number }[] = [{ value: schema, depth: 1 }]
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!
    if (value === null || typeof value !== 'object') continue
    if (depth > maxDepth) return `the schema is nested more than ${maxDepth} levels deep`
    const children = Array.isArray(value) ? value : Object.values(value)
    if (!Array.isArray(value)) keys += children.length
    if (keys > maxKeys) return `the schema has more than ${maxKeys.toLocaleString('en')} keys`
    for (const child of children) stack.push({ value: child, depth: depth + 1 })
  }
  const bytes = Buffer.byteLength(JSON.stringify(schema) ?? '')
  if (bytes > maxBytes) return `the schema is larger than ${maxBytes / 1024} KB`
  return undefined
}

/** Checks schemas against the JSON Schema meta-schema; it compiles no user schema, so it never fills up. */
const metaChecker = new Ajv({ allErrors: true, strict: false, addUsedSchema: false })

/** The JSON pointer `#/a/b~1c` resolved inside `root`, or undefined when it leads nowhere. */
function resolvePointer(root: unknown, pointer: string): unknown {
  const parts = pointer.replace(/^#\/?/, '').split('/').filter(Boolean)
  let node: unknown = root
  for (const raw of parts) {
    const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

/** Every string value under the keys `$ref`, `$id` and `$anchor`, found without recursion. */
function referenceKeywords(schema: unknown): { refs: string[]; names: Set<string> } {
  const refs: string[] = []
  const names = new Set<string>()
  const stack: unknown[] = [schema]
  while (stack.length > 0) {
    const value = stack.pop()
    if (value === null || typeof value !== 'object') continue
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') refs.push(child)
      else if ((key === '$id' || key === '$anchor') && typeof child === 'string') names.add(child.replace(/^#/, ''))
      else stack.push(child)
    }
  }
  return { refs, names }
}

/**
 * Why a schema cannot be used, without compiling it (compilation generates code and takes about a
 * millisecond per property, too slow for a request): too large, not valid against the JSON Schema
 * meta-schema, or a `$ref` that points outside the schema. Undefined when it is usable.
 */
export function jsonSchemaUsabilityProblem(schema: unknown): string | undefined {
  const tooLarge = jsonSchemaSizeProblem(schema)
  if (tooLarge) return tooLarge
  if (!metaChecker.validateSchema(schema as Record<string, unknown>))
    return metaChecker.errorsText(metaChecker.errors, { dataVar: 'schema' })
  const { refs, names } = referenceKeywords(schema)
  for (const ref of refs) {
    const fragment = ref.startsWith('#') ? ref : ''
    const resolves =
      fragment.startsWith('#/') || fragment === '#'
        ? resolvePointer(schema, fragment) !== undefined
        : names.has(ref.replace(/^#/, ''))
    if (!resolves) return `$ref "${ref.slice(0, 200)}" does not point inside the schema`
  }
  return undefined
}

/** A schema refused for its size before Ajv saw it. */
export class JsonSchemaTooLargeError extends Error {
  constructor(problem: string) {
    super(problem)
    this.name = 'JsonSchemaTooLargeError'
  }
}

function cacheKey(schema: unknown): string {
  // The schema text itself: at most 64 KB (JSON_SCHEMA_LIMITS), so the cache holds at most 6.4 MB of keys.
  return JSON.stringify(schema)
}

/** Whether this schema's compiled validator is in the cache. */
export function isCompiled(schema: unknown): boolean {
  return compiled.has(cacheKey(schema))
}

/**
 * Compiles a JSON Schema once per distinct schema text (a submit validates the schema and the run
 * compiles it again; Ajv compilation was a quarter of a submit's CPU). Refuses a schema over
 * JSON_SCHEMA_LIMITS before compiling it; otherwise throws what Ajv throws.
 */
export function compileJsonSchema(schema: Record<string, unknown>): ValidateFunction {
  const tooLarge = jsonSchemaSizeProblem(schema)
  if (tooLarge) throw new JsonSchemaTooLargeError(tooLarge)
  const key = cacheKey(schema)
  const hit = compiled.get(key)
  if (hit) return hit
  // A fresh Ajv per schema: a shared instance would refuse two schemas with the same $id.
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema)
  compiled.set(key, validate)
  return validate
}
