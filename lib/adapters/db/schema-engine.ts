import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { runDataMigrations } from './data-migrations'

/**
 * Prisma's own schema engine, compiled to WebAssembly, driven through a driver adapter.
 * It applies and creates migrations offline (no engine binary download), writing the same
 * `_prisma_migrations` history that `prisma migrate deploy` reads.
 */

const SCHEMA_PATH = 'prisma/schema.prisma'
const filters = { externalTables: [], externalEnums: [] }

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>
  diff(input: unknown): Promise<{ stdout?: string }>
  free(): void
}

async function loadEngine(root: string, factory: SqlMigrationAwareDriverAdapterFactory): Promise<Engine> {
  const require = createRequire(path.join(root, 'package.json'))
  const bindings = await import('@prisma/schema-engine-wasm/schema_engine_bg')
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils')
  const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm')
  const instance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(wasmPath)), {
    './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
  })
  ;(bindings as unknown as { __wbg_set_wasm(exports: unknown): void }).__wbg_set_wasm(instance.exports)
  ;(instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.()
  const schema = fs.readFileSync(path.join(root, SCHEMA_PATH), 'utf8')
  const SchemaEngine = (bindings as unknown as { SchemaEngine: { new: (...args: unknown[]) => Promise<Engine> } })
    .SchemaEngine
  return SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  )
}

function migrationsList(root: string) {
  const baseDir = path.join(root, 'prisma/migrations')
  fs.mkdirSync(baseDir, { recursive: true })
  const lockPath = path.join(baseDir, 'migration_lock.toml')
  return {
    baseDir,
    lockfile: {
      path: 'migration_lock.toml',
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: fs
      .readdirSync(baseDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: { tag: 'ok', value: fs.readFileSync(path.join(baseDir, name, 'migration.sql'), 'utf8') },
        },
      })),
  }
}

/**
 * Applies every committed migration not yet applied, then the data migrations not yet run
 * (lib/adapters/db/data-migrations; idempotent); returns the names applied now.
 */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  root = process.cwd(),
): Promise<string[]> {
  const engine = await loadEngine(root, factory)
  let applied: string[]
  try {
    applied = (await engine.applyMigrations({ migrationsList: migrationsList(root), filters })).appliedMigrationNames
  } finally {
    engine.free()
  }
  return [...applied, ...(await runDataMigrations(factory))]
}

/**
 * Creates a migration: applies the committed history to the adapter's database (an empty
 * in-memory PGlite used as shadow), then diffs it against the schema. Returns the new folder's
 * name, or null when the schema has no changes.
 */
export async function createMigration(
  shadow: SqlMigrationAwareDriverAdapterFactory,
  name: string,
  root = process.cwd(),
): Promise<string | null> {
  const engine = await loadEngine(root, shadow)
  try {
    const list = migrationsList(root)
    await engine.applyMigrations({ migrationsList: list, filters })
    const files = [{ path: SCHEMA_PATH, content: fs.readFileSync(path.join(root, SCHEMA_PATH), 'utf8') }]
    const out = await engine.diff({
      from: { tag: 'schemaDatasource', files, configDir: root },
      to: { tag: 'schemaDatamodel', files },
      script: true,
      exitCode: null,
      filters,
    })
    const sql = out.stdout ?? ''
    if (!sql.trim() || /^\s*--\s*This is an empty migration/.test(sql)) return null
    const folder = new Date().toISOString().replace(/\D/g, '').slice(0, 14) + '_' + name
    fs.mkdirSync(path.join(list.baseDir, folder))
    fs.writeFileSync(path.join(list.baseDir, folder, 'migration.sql'), sql)
    const lockPath = path.join(list.baseDir, 'migration_lock.toml')
    if (!fs.existsSync(lockPath)) fs.writeFileSync(lockPath, 'provider = "postgresql"\n')
    return folder
  } finally {
    engine.free()
  }
}

/**
 * A PostgreSQL adapter factory for migrations. @prisma/adapter-pg runs a migration script by
 * splitting it on every ";", which breaks DO blocks; this one sends each script whole, as
 * `prisma migrate deploy` does.
 */
export async function migrationAdapterFor(url: string): Promise<SqlMigrationAwareDriverAdapterFactory> {
  const { PrismaPg } = await import('@prisma/adapter-pg')
  const { default: pg } = await import('pg')
  const factory = new PrismaPg({ connectionString: url })
  const runWhole = async (script: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(script)
    } finally {
      await client.end()
    }
  }
  const wrap = <T extends object>(adapter: T): T =>
    new Proxy(adapter, {
      get: (target, key, receiver) => (key === 'executeScript' ? runWhole : Reflect.get(target, key, receiver)),
    })
  return new Proxy(factory, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (key === 'connect' || key === 'connectToShadowDb')
        return async (...args: unknown[]) => wrap(await value.apply(target, args))
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
