import 'server-only'
import type { KnownLoggedEvent } from '../../core/events/event'
import { appendInTransaction, type SqlQuery } from './event-writer'
import type { Prisma } from '../../generated/prisma/client'
import type { StoredTask } from './stored-task'
import { modelDisplayLabel } from './run-models'

/** A transaction client (the run and its seed event are written in one). */
type Transaction = Prisma.TransactionClient

/** Where a run comes from besides its task: its tenant and user, and an experiment's label when it is one. */
export type NewRun = {
  tenantId: string
  userId: string
  task: StoredTask
  title: string
  experiment?: { id: string; arm: number; item: number; repeat: number }
}

/** The title of a run from its prompt: the first line, cut to 80 characters. */
export function titleOf(prompt: string): string {
  const line = prompt.split('\n')[0].trim()
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`
}

/** Creates a queued run and its seed event (`run.submitted`, index 0, cause seed) inside the caller's transaction. */
export async function insertRun(tx: Transaction, input: NewRun): Promise<{ id: string }> {
  const { task } = input
  const created = await tx.run.create({
    data: {
      tenantId: input.tenantId,
      userId: input.userId,
      title: input.title,
      prompt: task.prompt,
      config: JSON.parse(JSON.stringify(task)),
      model: modelDisplayLabel(task.models.agent),
      maxAttempts: task.reflexion.maxAttempts,
      threshold: task.reflexion.threshold,
      eventCount: 0,
      ...(input.experiment && {
        experimentId: input.experiment.id,
        experimentArm: input.experiment.arm,
        experimentItem: input.experiment.item,
        experimentRepeat: input.experiment.repeat,
      }),
    },
  })
  const seed: KnownLoggedEvent<'run.submitted'> = {
    index: 0,
    type: 'run.submitted',
    kind: 'Command',
    namespace: 'run',
    cause: { kind: 'seed' },
    at: created.createdAt.toISOString(),
    payload: {
      prompt: task.prompt,
      userId: input.userId,
      title: input.title,
      model: created.model,
      evaluator: task.evaluator.kind,
      architecture: task.architecture.kind,
      maxAttempts: task.reflexion.maxAttempts,
      threshold: task.reflexion.threshold,
      lessonMode: task.reflexion.lessonMode,
      ...(task.tools && task.tools.length > 0 && { tools: task.tools }),
      ...(input.experiment && { experimentId: input.experiment.id, arm: input.experiment.arm }),
    },
  }
  // The one way into the log: the same append statement as the worker's (and its NOTIFY), in this transaction.
  await appendInTransaction(tx.$queryRawUnsafe.bind(tx) as SqlQuery, {
    runId: created.id,
    expectedIndex: 0,
    events: [seed],
    columns: null,
  })
  return { id: created.id }
}
