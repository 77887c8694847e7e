import { Worker } from 'node:worker_threads'
import { tool } from 'ai'
import { z } from 'zod'

/** Limits of one `javascript` call: wall time, the sandbox's memory, the console output kept. */
export const JAVASCRIPT_LIMITS = {
  timeMs: 2_000,
  memoryBytes: 32 * 1024 * 1024,
  maxLogChars: 4_000,
  maxCodeChars: 20_000,
}

/** What a script produced: its completion value and console lines, or the error. */
export type ScriptResult = { ok: true; value: unknown; logs: string[] } | { ok: false; error: string; logs: string[] }

const WORKER_URL = new URL('./quickjs-worker.mjs', import.meta.url)

/**
 * Evaluates a script in QuickJS (WebAssembly) in a worker thread: no host objects at all, a memory
 * limit inside the sandbox, an interrupt at the deadline, and the thread terminated if it overruns.
 */
export function runScript(code: string, limits: Partial<typeof JAVASCRIPT_LIMITS> = {}): Promise<ScriptResult> {
  const { timeMs, memoryBytes, maxLogChars } = { ...JAVASCRIPT_LIMITS, ...limits }
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { code, timeMs, memoryBytes, maxLogChars },
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    })
    let settled = false
    const settle = (result: ScriptResult) => {
      if (settled) return
      settled = true
      clearTimeout(hardStop)
      void worker.terminate()
      resolve(result)
    }
    // The interrupt handler stops runaway scripts; this catches anything it cannot (a long single operation).
    const hardStop = setTimeout(() => settle({ ok: false, error: 'timeout', logs: [] }), timeMs + 1_500)
    worker.on('message', (message: ScriptResult) => settle({ ...message, logs: message.logs ?? [] }))
    worker.on('error', (error) => settle({ ok: false, error: `${error.name}: ${error.message}`, logs: [] }))
    worker.on('exit', () => settle({ ok: false, error: 'the sandbox stopped (memory limit)', logs: [] }))
  })
}

/** The text a script's result reads as: its value (JSON) and its console lines. */
export function scriptOutput(result: ScriptResult, timeMs = JAVASCRIPT_LIMITS.timeMs): string {
  const logs = result.logs.length > 0 ? `\nconsole:\n${result.logs.join('\n')}` : ''
  if (!result.ok) {
    const error = result.error === 'timeout' ? `the script ran longer than ${timeMs} ms and was stopped` : result.error
    throw new Error(`${error}${logs}`)
  }
  return `${JSON.stringify(result.value) ?? 'undefined'}${logs}`
}

/** The built-in `javascript` tool (also a calculator). */
export function javascriptTool() {
  return tool({
    description:
      'Evaluate JavaScript in an isolated sandbox and return the value of the last expression (and any console.log lines). Use it as a calculator or for short computations. No network, files, modules or clock access; at most 2 seconds and 32 MB.',
    inputSchema: z.object({
      code: z
        .string()
        .min(1)
        .max(JAVASCRIPT_LIMITS.maxCodeChars)
        .describe('an expression such as 2**10 / 3, or a short script whose last expression is the result'),
    }),
    execute: async ({ code }) => scriptOutput(await runScript(code)),
  })
}
