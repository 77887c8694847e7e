// ESLint 9 flat config: typescript-eslint's recommended rules, React's hook rules and Next.js's rules
// on app/ and components/, and the boundary of the pure core
// (lib/core: reflexion, events and reflection import only each other, the AI SDK, zod and ajv: eslint/core-boundary.mjs),
// and components never importing from app/ (pages pass them their server actions as props).
import nextPlugin from '@next/eslint-plugin-next'
import reactHooks from 'eslint-plugin-react-hooks'
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
    // React's rules of hooks and effect dependencies, and Next.js's own rules, on the UI.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: '.' } },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Components render what pages give them: an import from app/ (a server action, a page's loader) would tie
    // a component to one route and let data loading creep back into it. Pages pass server actions as props.
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/app|(\\.\\./)+app)(/|$)',
              message:
                'components do not import from app/: let the page pass the server action (or the data) as a prop.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/core/**/*.ts'],
    plugins: { core: coreBoundary },
    rules: { 'core/allowed-imports': 'error' },
  },
)
