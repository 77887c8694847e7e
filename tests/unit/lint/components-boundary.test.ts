// The components' lint rule on probe sources, through ESLint's Node API with the project's own config:
// a component never imports from app/ (pages pass server actions as props).
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') })

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((message) => message.ruleId ?? message.message)
}

const REFUSED = [
  "import { submitTaskAction } from '@/app/tasks/actions'",
  "import { switchTenant } from '@/app/tenant-actions'",
  "import type { Metadata } from '@/app/layout'",
  "import { signUpAction } from '../../app/signup/actions'",
  "import { signUpAction } from '../../../app/signup/actions'",
  "export { cancelRunAction } from '@/app/runs/actions'",
  "import '@/app/globals.css'",
]

const ALLOWED = [
  "import type { ServerAction } from '@/lib/boundary/actions/action'",
  "import { Button } from '@/components/ui/button'",
  "import { Button } from '../ui/button'",
  "import { useActionState } from 'react'",
  "import Link from 'next/link'",
  "import { appendix } from './application-list'",
  "import { approve } from '@/lib/apps/approve'",
]

const LINE = 'export const probe = 1\n'

// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
describe('components never import from app/ (eslint.config.js)', { timeout: 60_000 }, () => {
  for (const file of ['components/tasks/probe.tsx', 'components/probe.ts', 'components/admin/deep/probe.tsx'])
    it.each(REFUSED)(`refuses in ${file}: %s`, async (line) => {
      expect(await problems(`${line}\n${LINE}`, file)).toContain('no-restricted-imports')
    })

  it.each(ALLOWED)('allows: %s', async (line) => {
    expect(await problems(`${line}\n${LINE}`, 'components/tasks/probe.tsx')).not.toContain('no-restricted-imports')
  })

  it('leaves pages free to import their actions', async () => {
    expect(
      await problems(`import { submitTaskAction } from '../actions'\n${LINE}`, 'app/tasks/new/probe.tsx'),
    ).not.toContain('no-restricted-imports')
  })
})
