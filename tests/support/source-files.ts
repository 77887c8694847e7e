// The TypeScript sources under a folder, for the structure tests that read the code itself.
import fs from 'node:fs'
import path from 'node:path'

/** Every .ts/.tsx file under `directory` (recursively), skipping the generated Prisma client; tests too unless `tests: false`. */
export function sourceFilesUnder(directory: string, options: { tests?: boolean } = {}): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFilesUnder(full, options)
    if (!/\.tsx?$/.test(entry.name)) return []
    return options.tests === false && /\.test\.tsx?$/.test(entry.name) ? [] : [full]
  })
}

/** The specifiers a module imports or re-exports as values (`import type` and `export type` left out). */
export function valueImports(source: string): string[] {
  const statement =
    /^(?:import|export)\s+(?!type\b)(?:(?!\n(?:import|export)\b)[^'"])*?\bfrom\s+'([^']+)'|^import\s+'([^']+)'/gm
  return [...source.matchAll(statement)].map((match) => match[1] ?? match[2])
}
