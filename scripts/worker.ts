/**
 * `npm run worker`: executes queued runs from PostgreSQL (DATABASE_URL), next to any number of
 * app servers and other workers. The embedded database cannot be shared: the app runs its own worker.
 * The `server-only` hook is registered before anything is imported (database modules import it),
 * as server.ts does; the worker itself is in worker-main.ts.
 */
import { register } from 'node:module'

register('./server-only-loader.mjs', import.meta.url)
await import('./worker-main')
