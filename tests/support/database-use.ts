// What counts as touching the database in a source file (for the structure tests in tests/unit/db):
// a value import of the Prisma client, pg, pg-boss, PGlite or the app's lib/adapters/db modules, or a call of
// Prisma's query API (`db.run.findMany(…)`, `prisma.$queryRaw`…). Comments do not count.
import path from 'node:path'

/** Source without comments, so a doc comment that mentions `prisma.run` does not count. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Packages that open or drive a database connection. */
const DATABASE_PACKAGES =
  /^(pg|pg-boss|@prisma\/(client|adapter-pg)|@electric-sql\/pglite(-socket)?|pglite-prisma-adapter)$/
/** The app's own database modules (lib/adapters/db) and the generated Prisma client. */
const DATABASE_FILES = /^lib\/(adapters\/db\/(client|embedded|scratch|schema-engine)|generated\/prisma\/.*)$/

/** The repository path (no extension) a specifier of `file` names, or the specifier itself for a package. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('@/')) return specifier.slice(2).replace(/\.tsx?$/, '')
  if (!specifier.startsWith('.')) return specifier
  return path.posix.join(path.posix.dirname(file), specifier).replace(/\.tsx?$/, '')
}

/** The first value import (not `import type`) of a database package or module, if any. */
function databaseImport(file: string, code: string): string | null {
  for (const match of code.matchAll(/^import\s+(?!type\s)(?:[^'"]*?from\s+)?'([^']+)'/gm)) {
    const imported = target(file, match[1])
    if (DATABASE_PACKAGES.test(imported) || DATABASE_FILES.test(imported)) return match[0]
  }
  return null
}
/** A call of Prisma's query API. */
export const QUERY_CALL =
  /\.\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe|transaction)\b|\b\w+\.\w+\.(findMany|findFirst|findUnique|findFirstOrThrow|findUniqueOrThrow|createMany|updateMany|upsert|deleteMany|aggregate|groupBy)\(/

/** Why the module at `file` (a repository path) touches the database, or null. */
export function databaseUse(file: string, source: string): string | null {
  const code = withoutComments(source)
  return databaseImport(file, code) ?? QUERY_CALL.exec(code)?.[0] ?? null
}
