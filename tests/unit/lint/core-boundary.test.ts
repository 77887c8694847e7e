// The core's lint rule on probe sources, through ESLint's Node API with the project's own config.
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') })

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((message) => message.ruleId ?? message.message)
}

const REFUSED = [
  "import { getDatabase } from '../../adapters/db/client'",
  "import { getDatabase } from '@/lib/adapters/db/client'",
  "import { getDatabase } from '../../../lib/adapters/db'",
  "import { resolveModel } from '../../adapters/models'",
  "import { envSecrets } from '../../adapters/models/secrets'",
  "import type { SecretsBackend } from '../../adapters/models/secrets'",
  "import { listRuns } from '../../services/runs/queries'",
  "export * from '../../services/runs/run-agent'",
  "import { requireCaller } from '../../services/auth/caller'",
  "import { NextResponse } from 'next/server'",
  "import { redirect } from 'next/navigation'",
  "import { PrismaClient } from '@prisma/client'",
  "import { Prisma } from '../../generated/prisma/client'",
  "import 'server-only'",
  "import pg from 'pg'",
  "import { readFile } from 'node:fs/promises'",
  "const db = await import('../../adapters/db/client')",
]

const ALLOWED = [
  "import { z } from 'zod'",
  "import { generateText } from 'ai'",
  "import type { LanguageModelV4 } from '@ai-sdk/provider'",
  "import Ajv from 'ajv'",
  "import { via } from '../events/cause'",
  "import { Reflection } from '../reflection'",
  "import { EVENT_TYPES } from '@/lib/core/events/vocabulary'",
  "import { Agent } from './agent'",
]

// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
describe('the core boundary (eslint/core-boundary.mjs)', { timeout: 60_000 }, () => {
  for (const folder of ['lib/core/reflexion', 'lib/core/events', 'lib/core/reflection'])
    it.each(REFUSED)(`refuses in ${folder}: %s`, async (line) => {
      expect(await problems(`${line}\nexport const probe = 1\n`, `${folder}/probe.ts`)).toContain(
        'core/allowed-imports',
      )
    })

  it.each(ALLOWED)('allows: %s', async (line) => {
    expect(await problems(`${line}\nexport const probe = 1\n`, 'lib/core/reflexion/probe.ts')).not.toContain(
      'core/allowed-imports',
    )
  })

  it('lets tests in the core use vitest and the shared fixtures, but not the app', async () => {
    const test = 'lib/core/reflexion/probe.test.ts'
    expect(await problems("import { it } from 'vitest'\nit('x', () => {})\n", test)).toEqual([])
    expect(await problems("import '@/tests/unit/fixtures/run-scenarios'\n", test)).toEqual([])
    expect(await problems("import { it } from 'vitest'\n", 'lib/core/reflexion/probe.ts')).toContain(
      'core/allowed-imports',
    )
    expect(await problems("import '../../adapters/models/secrets'\n", test)).toContain('core/allowed-imports')
  })

  it('leaves the rest of the app free to import the database', async () => {
    expect(
      await problems(
        "import { getDatabase } from '../../adapters/db/client'\nexport const probe = getDatabase\n",
        'lib/services/runs/probe.ts',
      ),
    ).toEqual([])
  })
})
