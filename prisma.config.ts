import 'dotenv/config'
import { defineConfig } from 'prisma/config'

// DATABASE_URL is optional here: without it the app runs on the embedded PGlite, and
// migrations go through scripts/db/migrate.ts (Prisma's WebAssembly schema engine).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/reflexion' },
})
