// ESLint 9 flat config: typescript-eslint's recommended rules, and the boundary of the pure core
// (lib/reflexion, lib/events, lib/reflection know nothing of Next.js, Prisma, the database or auth).
import tseslint from 'typescript-eslint'

const coreBoundary = {
  patterns: [
    { group: ['next', 'next/*'], message: 'The core must not depend on Next.js.' },
    { group: ['@prisma/*', '**/generated/**', '@/lib/generated/**'], message: 'The core must not depend on Prisma.' },
    {
      group: ['**/lib/db', '**/lib/db/**', '@/lib/db', '@/lib/db/**', '../db', '../db/**', '../../db', '../../db/**'],
      message: 'The core talks to ports, not to the database.',
    },
    {
      group: [
        '**/lib/auth',
        '**/lib/auth/**',
        '@/lib/auth',
        '@/lib/auth/**',
        '../auth',
        '../auth/**',
        '../../auth',
        '../../auth/**',
      ],
      message: 'The core must not depend on auth.',
    },
    { group: ['server-only'], message: 'The core is plain TypeScript, usable anywhere.' },
  ],
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'lib/generated/**',
      '.data/**',
      'coverage/**',
      'next-env.d.ts',
      'tests/e2e/screenshots/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    files: ['lib/reflexion/**/*.ts', 'lib/events/**/*.ts', 'lib/reflection/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', coreBoundary] },
  },
)
