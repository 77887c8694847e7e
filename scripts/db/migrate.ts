// Applies committed migrations offline: `npm run db:migrate` (to DATABASE_URL, or to the
// embedded database in DATA_DIR when DATABASE_URL is unset).
import path from 'node:path'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { env } from '../../lib/env'
import { applyMigrations, migrationAdapterFor } from '../../lib/adapters/db/schema-engine'
import { openEmbeddedDatabase } from '../../lib/adapters/db/embedded'

if (env.DATABASE_URL) {
  const applied = await applyMigrations(await migrationAdapterFor(env.DATABASE_URL))
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date')
} else {
  const pg = await openEmbeddedDatabase(path.resolve(env.DATA_DIR))
  const applied = await applyMigrations(new PrismaPGlite(pg))
  console.log(
    applied.length ? `applied to the embedded database: ${applied.join(', ')}` : 'embedded database is up to date',
  )
  await pg.close()
}
