import path from 'node:path'
import { defineConfig } from 'vitest/config'

// Three projects: unit (pure code, no services), integration (real PostgreSQL, or PGlite when no
// server is reachable), e2e (a real Chromium against a built app). `npm test` runs all three.
export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Outside Next's bundler `server-only` throws on import; tests are server code, so use its empty module.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/faults/**/*.test.ts',
            'tests/injection/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          // Every test's forms come from one address; the sign-up limit has its own tests (with their own limits).
          env: { SIGNUP_LIMIT_PER_HOUR: '100000' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // After unit and integration: the browser tests' live timings should not share two cores
          // with the pressure tests' worker kills and database restarts.
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
