// Creates a migration: `npm run db:migration -- NAME`. The committed history is applied to an
// empty in-memory PGlite (the shadow) and diffed against prisma/schema.prisma.
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { createMigration } from '../../lib/adapters/db/schema-engine'
import { openMemoryDatabase } from '../../lib/adapters/db/embedded'

const name = process.argv[2]
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migration -- NAME   (NAME: lower-case letters, digits and _)')
  process.exit(2)
}
const shadow = await openMemoryDatabase()
const created = await createMigration(new PrismaPGlite(shadow), name)
console.log(created ? `created prisma/migrations/${created}` : 'no changes: the schema matches the migrations')
await shadow.close()
