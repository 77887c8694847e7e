// Finds, from the file system, every server action, route handler and page of app/, so the
// isolation matrices can refuse to pass while something new is missing from app-inventory.ts.
import fs from 'node:fs'
import path from 'node:path'

/** The repository root. */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..')
const APP = path.join(REPOSITORY_ROOT, 'app')

function filesUnder(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

const relative = (file: string) => path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/')
const appFiles = () => filesUnder(APP).filter((file) => /\.(ts|tsx)$/.test(file))

/** Exported names of a module's source: `export const|function|async function X` and `export { a as X }`. */
export function exportedNames(source: string): string[] {
  const declared = [...source.matchAll(/^export\s+(?:async\s+)?(?:const|let|function)\s+(\w+)/gm)].map(
    (match) => match[1],
  )
  const listed = [...source.matchAll(/^export\s*\{([^}]*)\}/gm)].flatMap((match) =>
    match[1].split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim(),
    ),
  )
  return [...declared, ...listed].filter(Boolean)
}

/** `file#export` of every export of every 'use server' file under app/. */
export function discoverServerActions(): string[] {
  return appFiles()
    .filter((file) => /^\s*['"]use server['"]/m.test(fs.readFileSync(file, 'utf8').split('\n').slice(0, 5).join('\n')))
    .flatMap((file) => exportedNames(fs.readFileSync(file, 'utf8')).map((name) => `${relative(file)}#${name}`))
    .sort()
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** `file#METHOD` of every HTTP method exported by a route.ts under app/. */
export function discoverRouteHandlers(): string[] {
  return appFiles()
    .filter((file) => path.basename(file) === 'route.ts')
    .flatMap((file) =>
      exportedNames(fs.readFileSync(file, 'utf8'))
        .filter((name) => HTTP_METHODS.includes(name))
        .map((method) => `${relative(file)}#${method}`),
    )
    .sort()
}

/** Every page.tsx under app/. */
export function discoverPages(): string[] {
  return appFiles()
    .filter((file) => path.basename(file) === 'page.tsx')
    .map(relative)
    .sort()
}

/** The URL template of an app file (`app/runs/[id]/page.tsx` → `/runs/[id]`), route groups dropped. */
export function urlTemplateOf(file: string): string {
  const segments = file
    .replace(/^app\//, '')
    .split('/')
    .slice(0, -1)
    .filter((segment) => !/^\(.*\)$/.test(segment))
  return `/${segments.join('/')}`
}

/** What the inventory lacks (new things) and what it names that no longer exists (stale rows). */
export function inventoryDifferences(found: string[], expected: string[]): { missing: string[]; stale: string[] } {
  return {
    missing: found.filter((key) => !expected.includes(key)),
    stale: expected.filter((key) => !found.includes(key)),
  }
}
