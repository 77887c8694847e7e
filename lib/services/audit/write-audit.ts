import type { Caller } from '../auth/caller'

/** What an audit entry is about: a kind of thing and, when it has one, its id. */
export type AuditTarget = { type: string; id?: string | null }

/** Anything that can insert an audit row: the Prisma client or an interactive transaction. */
export type AuditWriter = {
  auditLog: {
    create(args: {
      data: {
        tenantId: string
        actorId: string | null
        action: string
        targetType: string
        targetId: string | null
        details: object
      }
    }): Promise<unknown>
  }
}

/**
 * Appends an audit entry in the caller's tenant. Pass the transaction that made the change so the
 * entry commits (or rolls back) with it. `action` is a dotted past-tense fact, e.g. `member.invited`.
 */
export async function writeAudit(
  db: AuditWriter,
  caller: Pick<Caller, 'tenantId' | 'userId'>,
  action: string,
  target: AuditTarget,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.auditLog.create({
    data: {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action,
      targetType: target.type,
      targetId: target.id ?? null,
      details,
    },
  })
}
