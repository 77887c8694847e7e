// Next.js configuration. Importing lib/env.ts validates the environment, so a bad one fails
// `next build` and the start (Node 20 cannot import .ts natively: tsx's ESM API does it).
import { tsImport } from 'tsx/esm/api'

await tsImport('./lib/env.ts', import.meta.url) // validates the environment (throws on a bad one)

// Content-Security-Policy is set per request by proxy.ts (a fresh script nonce each time); for files
// that proxy does not see (the build's static files) the headers below are enough.
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
]

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The build type-checks the app (tests are checked by `npx tsc --noEmit -p .` and run by vitest).
  typescript: { tsconfigPath: 'tsconfig.app.json' },
  reactStrictMode: true,
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@electric-sql/pglite-pgvector',
    '@electric-sql/pglite-socket',
    '@prisma/schema-engine-wasm',
    'pg',
    'pg-boss',
    '@node-rs/argon2',
    'nodemailer',
  ],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }]
  },
}

export default nextConfig
