// The custom server: `npm start` (after a build) and `npm run dev` (`--dev`). One process owns the
// database (the embedded PGlite, or a PostgreSQL pool), migrates and seeds it, starts the in-process
// worker when there is one, and serves Next.js. Next's bundles find the same database on globalThis.
import { register } from 'node:module'

register('./scripts/server-only-loader.mjs', import.meta.url)

const dev = process.argv.includes('--dev')
if (!dev) (process.env as Record<string, string>).NODE_ENV = 'production'

const { startServer } = await import('./scripts/serve')
const { DataDirLockedError } = await import('./lib/adapters/db/embedded')
try {
  await startServer({ dev })
} catch (error) {
  // A second process on the same data folder is a user mistake, not a crash: say so plainly.
  if (!(error instanceof DataDirLockedError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}
