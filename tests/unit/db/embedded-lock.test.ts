// The embedded database has exactly one owner: a second process is refused with a clear message,
// and the lock of a process that died is taken over.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from '../../../lib/adapters/db/embedded'

const folders: string[] = []
const children: ChildProcess[] = []

function tempDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reflexion-lock-'))
  folders.push(folder)
  return folder
}

/** A separate process that takes the folder's lock and keeps it until killed. */
async function ownerProcess(dataDir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(path.resolve('lib/adapters/db/embedded.ts'))}; lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000)`
  const child = spawn(
    process.execPath,
    // lib/adapters/db/embedded is server-only: register the loader that lets plain Node load it, as the scripts do.
    [
      '--import',
      'tsx',
      '--import',
      path.resolve('scripts/register-server-only.mjs'),
      '--input-type=module',
      '-e',
      script,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve())
    child.once('exit', (code) => reject(new Error(`owner process exited with ${code}`)))
  })
  return child
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

describe('the embedded data folder lock', () => {
  it('refuses a second process with a message that says what to do', async () => {
    const dataDir = tempDataDir()
    const owner = await ownerProcess(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dataDir)).toThrow(
      new RegExp(`in use by process ${owner.pid}.*stop that process, or set DATABASE_URL`),
    )
  })

  it('takes over the lock of a process that died', async () => {
    const dataDir = tempDataDir()
    const owner = await ownerProcess(dataDir)
    const exited = new Promise((resolve) => owner.once('exit', resolve))
    owner.kill('SIGKILL')
    await exited
    const release = lockDataDir(dataDir)
    expect(fs.readFileSync(path.join(dataDir, 'owner.lock'), 'utf8')).toBe(String(process.pid))
    release()
    expect(fs.existsSync(path.join(dataDir, 'owner.lock'))).toBe(false)
  })
})
