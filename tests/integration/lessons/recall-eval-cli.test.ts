// `npm run --silent recall-eval` as an admin runs it: a child process on a file, one JSON line per
// query in input order. It once crashed on import ('server-only' outside Next) and no test noticed.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const folder = mkdtempSync(path.join(os.tmpdir(), 'recall-eval-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('npm run recall-eval', () => {
  it("prints each query's recalled ids, best first, never another user's lesson, nothing for an unrelated task", async () => {
    const file = path.join(folder, 'input.json')
    writeFileSync(
      file,
      JSON.stringify({
        lessons: [
          { id: 'walk', user: '*', content: 'When a user asks for a relaxed walking tour, plan at most three stops.' },
          { id: 'walk-bob', user: 'bob', content: 'When a user asks for a relaxed walking tour, plan two stops.' },
          { id: 'weekly', user: 'ada', content: '写周报时，先列出本周完成的结果，再写下周计划。' },
        ],
        queries: [
          { user: 'ada', prompt: 'Plan an easy stroll through Lisbon for my parents.' },
          { user: 'ada', prompt: '帮我写这周的工作周报。' },
          { user: 'ada', prompt: 'Tell me a joke about penguins.' },
        ],
        k: 5,
      }),
    )
    const { stdout } = await run('npm', ['run', '--silent', 'recall-eval', '--', file], { timeout: 120_000 })
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { query: 0, ids: ['walk'] },
      { query: 1, ids: ['weekly'] },
      { query: 2, ids: [] },
    ])
  }, 150_000)
})
