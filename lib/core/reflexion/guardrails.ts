import { via } from '../events/cause'
import { HANDLERS } from '../events/vocabulary'
import { RunContext, RunStop } from './run-context'

/** A guardrail returns a reason to refuse, or null/undefined to allow. */
export type GuardrailCheck = (text: string) => string | null | undefined | Promise<string | null | undefined>

/** Input guardrail (on the prompt) and output guardrail (on each attempt's output). */
export type Guardrails = { input?: GuardrailCheck; output?: GuardrailCheck }

/** Runs one guardrail; on refusal emits run.guardrail_tripped (via guardrails from `sourceIndex`) and stops the run. */
export async function enforceGuardrail(
  run: RunContext,
  check: GuardrailCheck | undefined,
  stage: 'input' | 'output',
  text: string,
  sourceIndex: number,
): Promise<void> {
  if (!check) return
  const reason = await check(text)
  if (reason === null || reason === undefined) return
  const index = await run.emit('run.guardrail_tripped', via(sourceIndex, HANDLERS.guardrails), { stage, reason })
  throw new RunStop('guardrail', via(index, HANDLERS.guardrails), reason)
}
