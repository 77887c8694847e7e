// Next.js configuration. Importing lib/env.ts validates the environment, so a bad one fails
// `next build` and the start (Node 20 cannot import .ts natively: tsx's ESM API does it).
import { tsImport } from 'tsx/esm/api'

const { env } = await tsImport('./lib/env.ts', import.meta.url)
const isProduction = env.NODE_ENV === 'production'

// Next inlines its bootstrap scripts, so script-src needs 'unsafe-inline'; eval only in development (React refresh).
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isProduction ? '' : " 'unsafe-eval'"}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${isProduction ? '' : ' ws: wss:'}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
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
