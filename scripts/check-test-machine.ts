// `npm test`'s pretest step: on a fresh machine, install what the tests need when this process can (as
// .ci/run does), or stop at once with one sentence naming the command to run, instead of failing minutes
// later in the end-to-end tests with a browser launch error.
import { spawnSync } from 'node:child_process'
import { machineFacts, planTestMachine, SYSTEM_DEPS_COMMAND } from './test-machine'

const plan = planTestMachine(machineFacts())
if (plan.action === 'stop') {
  console.error(plan.sentence)
  process.exit(1)
}
if (plan.action === 'install') {
  console.log(`test machine: installing ${plan.missing.join(' and ')} (${SYSTEM_DEPS_COMMAND})`)
  const result = spawnSync('bash', ['scripts/ci/system-deps.sh'], { stdio: 'inherit' })
  const after = planTestMachine({ ...machineFacts(), root: false })
  if (result.status !== 0 || after.action === 'stop') {
    console.error(
      `Installing ${plan.missing.join(' and ')} failed: run \`${SYSTEM_DEPS_COMMAND}\` as root and read its output, then \`npm test\` again.`,
    )
    process.exit(1)
  }
}
if (plan.action === 'ready' && plan.note) console.log(`test machine: ${plan.note}`)
