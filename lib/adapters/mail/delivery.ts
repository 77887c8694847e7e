import 'server-only'
import { getPrisma } from '../db'
import { logger } from '../log'
import { MAIL_DELIVERY_POLICY, retryDelayMs } from './delivery-policy'
import { mailFrom, smtpTransport, type MailTransport } from './smtp'

/**
 * Sends the outbox's due mails through a transport. Each mail is leased first (its next attempt moved
 * past the lease), so app servers sharing the database never send one mail twice at the same time;
 * a failure is recorded with a backoff, and a mail is given up after MAIL_DELIVERY_POLICY.maxAttempts.
 */
export async function deliverDueMail(
  transport: MailTransport,
  options: { now?: Date; from?: string; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date()
  const prisma = await getPrisma()
  const due = await prisma.mailOutbox.findMany({
    where: { sentAt: null, attempts: { lt: MAIL_DELIVERY_POLICY.maxAttempts }, nextAttemptAt: { lte: now } },
    orderBy: { createdAt: 'asc' },
    take: options.limit ?? MAIL_DELIVERY_POLICY.batchSize,
    select: { id: true },
  })
  let sent = 0
  let failed = 0
  for (const { id } of due) {
    const leased = await prisma.mailOutbox.updateMany({
      where: { id, sentAt: null, attempts: { lt: MAIL_DELIVERY_POLICY.maxAttempts }, nextAttemptAt: { lte: now } },
      data: {
        nextAttemptAt: new Date(now.getTime() + MAIL_DELIVERY_POLICY.leaseSeconds * 1000),
        attempts: { increment: 1 },
      },
    })
    if (leased.count !== 1) continue
    const mail = await prisma.mailOutbox.findUniqueOrThrow({
      where: { id },
      select: { toAddress: true, subject: true, bodyText: true, attempts: true },
    })
    try {
      await transport.send({
        from: options.from ?? mailFrom(),
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.bodyText,
      })
      await prisma.mailOutbox.update({ where: { id }, data: { sentAt: new Date(), lastError: null } })
      sent++
    } catch (error) {
      failed++
      await prisma.mailOutbox.update({
        where: { id },
        data: {
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)),
        },
      })
      logger().warn({ mailId: id, attempts: mail.attempts }, 'mail delivery failed: %s', String(error))
    }
  }
  return { sent, failed }
}

let sweeper: NodeJS.Timeout | undefined

/**
 * Sends due mail now, in the background, when SMTP_URL is set (otherwise mails stay in the outbox), and
 * keeps this process retrying due mail every MAIL_DELIVERY_POLICY.sweepSeconds while it lives.
 */
export function deliverMailSoon(): void {
  const transport = smtpTransport()
  if (!transport) return
  const pass = () =>
    void deliverDueMail(transport).catch((error) => logger().error({ err: error }, 'mail delivery pass failed'))
  sweeper ??= setInterval(pass, MAIL_DELIVERY_POLICY.sweepSeconds * 1000).unref()
  pass()
}
