// Worker processes for crash tests: `tsx scripts/worker.ts` children against a given database,
// started and awaited on their ready line, killed with SIGKILL, all reaped at the end.
import { spawn, type ChildProcess } from 'node:child_process'
import { secretsKey } from '../../../lib/adapters/models/tenant-secrets'

/** A started worker process. */
export type WorkerProcess = { child: ChildProcess; exited: Promise<number | null>; output: () => string }

const started: ChildProcess[] = []

/** Starts a worker on `databaseUrl` and resolves once it prints that it is executing runs. */
export function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      // The same key as this test process: a worker refuses to start on PostgreSQL without one.
      SECRETS_KEY: secretsKey().toString('base64'),
      WORKER_CONCURRENCY: '3',
      TENANT_CONCURRENCY: '16',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready after 120 s:\n${output}`)), 120_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('executing runs')) {
        clearTimeout(timer)
        resolve({ child, exited, output: () => output })
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then((code) => reject(new Error(`worker exited (${code}) before it was ready:\n${output}`)))
  })
}

/** kill -9, and wait until the process is gone. */
export async function killWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL')
  await worker.exited
}

/** Stops a worker gracefully (SIGTERM: it finishes the runs in hand). */
export async function stopWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGTERM')
  await worker.exited
}

/** Kills every worker process this file started that is still alive (for afterAll). */
export async function reapWorkers(): Promise<void> {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await gone
    }
  }
}

/** Waits `milliseconds`. */
export const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))
