// Builds the app (`next build`) when .next is missing or older than the sources. Used by
// `npm start` and by the end-to-end tests' global setup.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const SOURCES = [
  'app',
  'components',
  'lib',
  'prisma/schema.prisma',
  'next.config.js',
  'postcss.config.mjs',
  'package.json',
  'tsconfig.json',
]
const IGNORED = /(^|\/)(node_modules|\.next|__tests__)(\/|$)|\.test\.tsx?$/

function newestSourceTime(root: string): number {
  let newest = 0
  const visit = (target: string) => {
    if (IGNORED.test(path.relative(root, target))) return
    let stats: fs.Stats
    try {
      stats = fs.statSync(target)
    } catch {
      return
    }
    if (stats.isDirectory()) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry))
    else newest = Math.max(newest, stats.mtimeMs)
  }
  for (const source of SOURCES) visit(path.join(root, source))
  return newest
}

/** Whether the build in `root`/.next is missing or older than any source file. */
export function buildIsStale(root: string): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID')
  if (!fs.existsSync(buildId)) return true
  return fs.statSync(buildId).mtimeMs < newestSourceTime(root)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes .next-build.lock, waiting (up to 10 minutes) while another live process builds. */
async function takeBuildLock(root: string, log: (line: string) => void): Promise<() => void> {
  const lockPath = path.join(root, '.next-build.lock')
  const deadline = Date.now() + 10 * 60_000
  let announced = false
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(lockPath, 'utf8'))
      if (!owner || !isAlive(owner)) fs.rmSync(lockPath, { force: true })
      else if (Date.now() > deadline) throw new Error(`another build (process ${owner}) holds ${lockPath}`)
      else {
        if (!announced) log(`waiting for another build (process ${owner})…`)
        announced = true
        await new Promise((resolve) => setTimeout(resolve, 1000))
      }
    }
  }
}

/**
 * Runs `next build` when the build is stale; returns whether it built. Throws when the build
 * fails. Concurrent callers (several test runs in one tree) wait for each other's build.
 */
export async function buildIfNeeded(root: string, log: (line: string) => void = console.log): Promise<boolean> {
  if (!buildIsStale(root)) return false
  const release = await takeBuildLock(root, log)
  try {
    if (!buildIsStale(root)) return false
    log('Building the app (next build)…')
    const result = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    })
    if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`)
    return true
  } finally {
    release()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  if (!(await buildIfNeeded(root))) console.log('The build is up to date.')
}
