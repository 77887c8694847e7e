// The pure core (lib/core: reflexion, events, reflection) as an allow-list: its files import only
// each other, the AI SDK (`ai`, `@ai-sdk/provider`), zod, ajv and snowball-stemmers (the English stemmer of
// the hashing embedder's words). A deny-list let an import of the lib/adapters/models barrel (which
// re-exports Prisma-backed modules) through; an allow-list cannot.
import path from 'node:path'

/** The core's folders, relative to the repository root. */
export const CORE_FOLDERS = ['lib/core']

/** Packages the core may import (and their subpaths, e.g. `ai/test`). */
const PACKAGES = ['ai', '@ai-sdk/provider', 'zod', 'ajv', 'snowball-stemmers']

/**
 * Node built-ins the core truly needs: `node:vm` runs a user's regular expression with a time
 * limit (lib/core/reflexion/regex-match.ts), which plain JavaScript cannot interrupt.
 */
const BUILT_INS = ['node:vm']

/** Tests and their support may also use the test runner and the shared fixtures under tests/unit/fixtures. */
const TEST_PACKAGES = ['vitest']
const TEST_FILE = /(\.test\.ts|\/test-support\.ts)$/

const root = path.resolve(import.meta.dirname, '..')
const insideCore = (absolute) =>
  CORE_FOLDERS.some((folder) => {
    const relative = path.relative(path.join(root, folder), absolute)
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
  })
const isPackage = (specifier, names) => names.some((name) => specifier === name || specifier.startsWith(`${name}/`))

function allowed(specifier, file) {
  if (specifier.startsWith('.')) return insideCore(path.resolve(path.dirname(file), specifier))
  if (specifier.startsWith('@/')) {
    const target = path.join(root, specifier.slice(2))
    if (insideCore(target)) return true
    return TEST_FILE.test(file) && specifier.startsWith('@/tests/unit/fixtures/')
  }
  if (isPackage(specifier, PACKAGES) || BUILT_INS.includes(specifier)) return true
  return TEST_FILE.test(file) && isPackage(specifier, TEST_PACKAGES)
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'the pure core imports only itself, the AI SDK, zod, ajv and snowball-stemmers' },
    messages: {
      outside:
        "The core (lib/core) may import only itself, 'ai', '@ai-sdk/provider', zod, ajv and snowball-stemmers; '{{specifier}}' is outside. Take it as a parameter (a port) and wire it in lib/services/runs.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename
    const check = (node) => {
      const source = node.source
      if (!source || typeof source.value !== 'string') return
      if (!allowed(source.value, file))
        context.report({ node: source, messageId: 'outside', data: { specifier: source.value } })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: (node) => check({ source: node.argument?.literal ?? node.argument }),
      CallExpression: (node) => {
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments[0]?.type === 'Literal'
        )
          check({ source: node.arguments[0] })
      },
    }
  },
}

/** The plugin: one rule, `core/allowed-imports`. */
export default { rules: { 'allowed-imports': rule } }
