// ESLint 9 flat config: typescript-eslint's recommended rules, and the boundary of the pure core
// (lib/reflexion, lib/events, lib/reflection import only each other, the AI SDK, zod and ajv: eslint/core-boundary.mjs).
import tseslint from 'typescript-eslint'
import coreBoundary from './eslint/core-boundary.mjs'

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
    plugins: { core: coreBoundary },
    rules: { 'core/allowed-imports': 'error' },
  },
)
