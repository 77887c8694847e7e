import 'server-only'
import { getPrisma } from '../db'
import type { Transaction } from '../db/client'
import type { OutgoingMail } from './messages'

/**
 * The mail_outbox table: a mail is written in the same transaction as the change it reports, so it is
 * sent if and only if that change happened; delivery reads it from here afterwards.
 */

/** A queued mail as the development viewer shows it. */
export type OutboxMail = {
  id: string
  toAddress: string
  subject: string
  bodyText: string
  kind: string
  createdAt: Date
  sentAt: Date | null
}

/** Queues a mail inside the caller's transaction. */
export async function enqueueMail(tx: Transaction, mail: OutgoingMail): Promise<void> {
  await tx.mailOutbox.create({
    data: { toAddress: mail.to.toLowerCase(), subject: mail.subject, bodyText: mail.text, kind: mail.kind },
  })
}

/** How many mails whose kind starts with `kindPrefix` were queued for `to` since `since`. */
export async function countRecentMail(tx: Transaction, to: string, kindPrefix: string, since: Date): Promise<number> {
  return tx.mailOutbox.count({
    where: { toAddress: to.toLowerCase(), kind: { startsWith: kindPrefix }, createdAt: { gt: since } },
  })
}

/** The newest queued mails (for the development viewer), optionally to one address only. */
export async function listOutboxMail(options: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const prisma = await getPrisma()
  return prisma.mailOutbox.findMany({
    where: options.to ? { toAddress: options.to.toLowerCase() } : {},
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(options.limit ?? 50, 200),
    select: { id: true, toAddress: true, subject: true, bodyText: true, kind: true, createdAt: true, sentAt: true },
  })
}

/** Deletes mails queued before `cutoff`, sent or not (their links have long expired). */
export async function pruneOutbox(cutoff: Date): Promise<void> {
  const prisma = await getPrisma()
  await prisma.mailOutbox.deleteMany({ where: { createdAt: { lt: cutoff } } })
}
