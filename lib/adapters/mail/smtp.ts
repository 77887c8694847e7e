import 'server-only'
import nodemailer from 'nodemailer'
import { env } from '../../env'

/** What delivery needs from a mail server: send one mail or throw. */
export type MailTransport = {
  send(mail: { from: string; to: string; subject: string; text: string }): Promise<void>
}

/** The From address: MAIL_FROM, else no-reply at the public host. */
export function mailFrom(): string {
  if (env.MAIL_FROM) return env.MAIL_FROM
  const host = env.NEXTAUTH_URL ? new URL(env.NEXTAUTH_URL).hostname : 'localhost'
  return `Reflexion Studio <no-reply@${host}>`
}

/** A transport that sends through the SMTP server of `url` (smtp:// with STARTTLS when offered, or smtps://). */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transporter.sendMail(mail)
    },
  }
}

let cached: MailTransport | null | undefined

/** The transport of SMTP_URL, made once per process, or null when no mail server is configured. */
export function smtpTransport(): MailTransport | null {
  if (cached === undefined) cached = env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : null
  return cached
}
