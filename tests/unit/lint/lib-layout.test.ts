// lib/ shows the architecture (docs/architecture.md): the pure core, the adapters, the product services and
// the boundary, one folder each, and imports that only point down the layers. The core's own allow-list is
// an ESLint rule (core-boundary.test.ts); this checks the folders and the adapters' and services' imports.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPOSITORY_ROOT } from '../../support/app-discovery'
import { sourceFilesUnder, valueImports } from '../../support/source-files'

const LIB = path.join(REPOSITORY_ROOT, 'lib')
const LAYERS = ['core', 'adapters', 'services', 'boundary']
const TOP_LEVEL_FILES = ['env.ts', 'errors.ts', 'record-id.ts', 'server-marker.ts']

/** The lib/ path (posix, from lib/) a relative or `@/` specifier of `file` points at; null for packages. */
function target(file: string, specifier: string): string | null {
  const absolute = specifier.startsWith('.')
    ? path.resolve(path.dirname(file), specifier)
    : specifier.startsWith('@/')
      ? path.join(REPOSITORY_ROOT, specifier.slice(2))
      : null
  if (!absolute) return null
  const relative = path.relative(LIB, absolute).split(path.sep).join('/')
  return relative.startsWith('..') ? null : relative
}

/** `file: specifier` for each value import of the layer's modules that `refused` says no to. */
function importsOf(layer: string, refused: (libPath: string) => boolean): string[] {
  return sourceFilesUnder(path.join(LIB, layer)).flatMap((file) =>
    valueImports(fs.readFileSync(file, 'utf8'))
      .filter((specifier) => {
        const libPath = target(file, specifier)
        return libPath !== null && refused(libPath)
      })
      .map((specifier) => `${path.relative(REPOSITORY_ROOT, file)}: ${specifier}`),
  )
}

const inLayer = (libPath: string, ...layers: string[]) => layers.some((layer) => libPath.startsWith(`${layer}/`))

describe('the lib/ layout', () => {
  it('has the layers and a few shared files at the top, nothing else', () => {
    const entries = fs
      .readdirSync(LIB, { withFileTypes: true })
      .filter((entry) => entry.name !== 'generated')
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    expect(entries.sort()).toEqual([...LAYERS.map((layer) => `${layer}/`), ...TOP_LEVEL_FILES].sort())
  })

  it('adapters import no service and no boundary module', () => {
    expect(importsOf('adapters', (libPath) => inLayer(libPath, 'services', 'boundary'))).toEqual([])
  })

  it('services use only the action helpers of the boundary', () => {
    expect(
      importsOf('services', (libPath) => inLayer(libPath, 'boundary') && !libPath.startsWith('boundary/actions/')),
    ).toEqual([])
  })

  it('reads what a module imports as a value, not its type-only imports', () => {
    const source = [
      "import 'server-only'",
      "import type { Caller } from '../services/auth/caller'",
      "import { getPrisma } from '../adapters/db'",
      "export * from './queries'",
      "export type { Run } from './run'",
    ].join('\n')
    expect(valueImports(source)).toEqual(['server-only', '../adapters/db', './queries'])
    const file = path.join(LIB, 'adapters', 'log', 'probe.ts')
    expect(target(file, '../../services/runs')).toBe('services/runs')
    expect(target(file, '@/lib/core/events')).toBe('core/events')
    expect(target(file, 'pg-boss')).toBeNull()
  })
})
