// `npm run --silent recall-eval` as an admin runs it: a child process on a file, one JSON line per
// query in input order. It once crashed on import ('server-only' outside Next) and no test noticed.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startOpenAIServer } from '../../support/openai-server'

const run = promisify(execFile)
const folder = mkdtempSync(path.join(os.tmpdir(), 'recall-eval-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const input = path.join(folder, 'input.json')
writeFileSync(
  input,
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

/** The right lesson for each query, never bob's, and nothing for the joke. */
const expected = [
  { query: 0, ids: ['walk'] },
  { query: 1, ids: ['weekly'] },
  { query: 2, ids: [] },
]

const recallEval = (options: string[] = [], env: NodeJS.ProcessEnv = process.env) =>
  run('npm', ['run', '--silent', 'recall-eval', '--', input, ...options], { timeout: 120_000, env })

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))

describe('npm run recall-eval', () => {
  it("prints each query's recalled ids, best first, never another user's lesson, nothing for an unrelated task", async () => {
    const { stdout } = await recallEval()
    expect(lines(stdout)).toEqual(expected)
  }, 150_000)

  it("evaluates with a provider's embedding model, asking it once per distinct text, and prints no key", async () => {
    // A scripted embedding model: one dimension per topic, and a little of everything.
    const topics = [/walk|stroll|tour/i, /周报/]
    const server = await startOpenAIServer([], {
      embed: (text) => [...topics.map((topic) => (topic.test(text) ? 1 : 0)), 0.05],
    })
    try {
      const key = 'eval-key-0123456789'
      const env = { ...process.env, COMPATIBLE_BASE_URL: server.url, COMPATIBLE_API_KEY: key }
      const { stdout } = await recallEval(['--embedder', 'compatible:topics'], env)
      expect(lines(stdout)).toEqual(expected)
      const embedded = server.requests
        .filter((request) => request.path.endsWith('/embeddings'))
        .flatMap((request) => request.body.input as string[])
      expect(embedded).toHaveLength(6)
      expect(new Set(embedded).size).toBe(6)
      expect(server.requests.every((request) => request.authorization === `Bearer ${key}`)).toBe(true)

      const rejected = await recallEval(['--embedder', 'compatible:rejects-key'], env).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
      expect('code' in rejected && rejected.code).toBe(1)
      expect(rejected.stdout).toBe('')
      expect(rejected.stderr).toMatch(/^recall-eval: .*Incorrect API key provided/m)
      expect(rejected.stderr).not.toContain(key)
    } finally {
      await server.close()
    }
  }, 300_000)

  it('says which file is not JSON and exits 2, without a stack trace', async () => {
    const broken = path.join(folder, 'broken.json')
    writeFileSync(broken, '{"lessons": [')
    const failed = await run('npm', ['run', '--silent', 'recall-eval', '--', broken], { timeout: 60_000 }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect('code' in failed && failed.code).toBe(2)
    expect(failed.stdout).toBe('')
    expect(failed.stderr).toMatch(new RegExp(`^recall-eval: cannot read ${broken} as JSON`))
    expect(failed.stderr).not.toMatch(/\n\s+at /)
  }, 90_000)
})
