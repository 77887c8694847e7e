import 'server-only'
import { logger } from '../../adapters/log'
import type { Db } from '../../adapters/db/client'

const log = logger().child({ component: 'runs' })

/** Who asked to cancel a run (from the audit entry cancelRun wrote), or null. */
export async function cancelledBy(prisma: Db, tenantId: string, runId: string): Promise<string | null> {
  const entry = await prisma.auditLog.findFirst({
    where: { tenantId, action: 'run.cancel_requested', targetId: runId },
    orderBy: { id: 'desc' },
    select: { actorId: true },
  })
  return entry?.actorId ?? null
}

/**
 * Watches the runs this process executes for a cancellation request (one query per interval for
 * all of them) and aborts the engine's signal of each one requested, so it stops at the next step.
 */
export class CancellationWatch {
  private readonly controllers = new Map<string, AbortController>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly prisma: Db,
    private readonly intervalMs = 500,
  ) {}

  /** Registers an executing run; returns its signal and a function to unregister it. */
  watch(runId: string): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController()
    this.controllers.set(runId, controller)
    this.timer ??= setInterval(() => void this.poll(), this.intervalMs)
    return {
      signal: controller.signal,
      done: () => {
        this.controllers.delete(runId)
        if (this.controllers.size === 0 && this.timer) {
          clearInterval(this.timer)
          this.timer = null
        }
      },
    }
  }

  private async poll(): Promise<void> {
    const ids = [...this.controllers.keys()]
    if (ids.length === 0) return
    try {
      const rows = await this.prisma.run.findMany({
        where: { id: { in: ids }, cancelRequestedAt: { not: null } },
        select: { id: true },
      })
      for (const row of rows) this.controllers.get(row.id)?.abort(new Error('cancelled'))
    } catch (error) {
      log.error({ err: error }, 'cancellation poll failed')
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}
