import { describe, expect, it } from 'vitest'
import { planTestMachine, type MachineFacts } from '../../scripts/test-machine'

const ready: MachineFacts = { chromium: true, localPostgres: true, pgvector: true, root: false, apt: true }

describe('npm test on a fresh machine', () => {
  it('runs at once when Chromium and pgvector are there', () => {
    expect(planTestMachine(ready)).toEqual({ action: 'ready' })
  })

  it('installs what is missing when it can (root with apt), as .ci/run does', () => {
    expect(planTestMachine({ ...ready, chromium: false, pgvector: false, root: true })).toEqual({
      action: 'install',
      missing: ['Chromium', 'pgvector'],
    })
  })

  it('otherwise stops at once with one sentence naming the command, when Chromium is missing', () => {
    const plan = planTestMachine({ ...ready, chromium: false })
    expect(plan.action).toBe('stop')
    if (plan.action !== 'stop') return
    expect(plan.sentence).toContain('bash scripts/ci/system-deps.sh')
    expect(plan.sentence.split(/(?<=\.)\s+(?=[A-Z])/)).toHaveLength(1)
  })

  it('without pgvector it runs on the fallback and says how to install it; no local PostgreSQL needs none', () => {
    const plan = planTestMachine({ ...ready, pgvector: false })
    expect(plan).toMatchObject({ action: 'ready', note: expect.stringContaining('system-deps.sh') })
    expect(planTestMachine({ ...ready, localPostgres: false, pgvector: false })).toEqual({ action: 'ready' })
  })
})
