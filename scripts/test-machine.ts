// What `npm test` needs from the machine besides npm packages: Chromium at /usr/bin/chromium (end-to-end
// tests) and, for the local PostgreSQL, pgvector. scripts/ci/system-deps.sh installs both (root and apt).
import fs from 'node:fs'

/** The browser the end-to-end tests drive (tests/e2e/helpers/browser.ts). */
export const CHROMIUM_PATH = '/usr/bin/chromium'
/** The installer both `.ci/run` and this check use. */
export const SYSTEM_DEPS_COMMAND = 'bash scripts/ci/system-deps.sh'

/** What the machine has, as the check sees it. */
export type MachineFacts = { chromium: boolean; localPostgres: boolean; pgvector: boolean; root: boolean; apt: boolean }

/** What to do before the tests: nothing, run the installer, or stop with one sentence (and whether it is fatal). */
export type MachinePlan =
  { action: 'ready'; note?: string } | { action: 'install'; missing: string[] } | { action: 'stop'; sentence: string }

/**
 * Decides from the facts: a missing piece is installed when this process can (root with apt); a missing
 * Chromium otherwise stops at once with the command to run; a missing pgvector only notes that recall is
 * tested on the exact-cosine fallback (the integration tests pass without it).
 */
export function planTestMachine(facts: MachineFacts): MachinePlan {
  const missing = [
    ...(facts.chromium ? [] : ['Chromium']),
    ...(facts.localPostgres && !facts.pgvector ? ['pgvector'] : []),
  ]
  if (missing.length === 0) return { action: 'ready' }
  if (facts.root && facts.apt) return { action: 'install', missing }
  if (!facts.chromium)
    return {
      action: 'stop',
      sentence: `npm test needs Chromium at ${CHROMIUM_PATH} for its end-to-end tests: run \`sudo ${SYSTEM_DEPS_COMMAND}\` (it installs Chromium and pgvector from Debian), then \`npm test\` again.`,
    }
  return {
    action: 'ready',
    note: `pgvector is not installed for the local PostgreSQL, so recall is tested on the exact-cosine fallback; \`sudo ${SYSTEM_DEPS_COMMAND}\` installs it.`,
  }
}

/** The facts of this machine. */
export function machineFacts(): MachineFacts {
  const postgresVersions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : []
  return {
    chromium: isExecutable(CHROMIUM_PATH),
    localPostgres: postgresVersions.length > 0,
    pgvector: postgresVersions.some((version) =>
      fs.existsSync(`/usr/share/postgresql/${version}/extension/vector.control`),
    ),
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    apt: isExecutable('/usr/bin/apt-get'),
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}
