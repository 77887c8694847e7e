import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { Card } from '@/components/ui/card'
import { clientAddressFrom } from '@/lib/services/auth/client-address'
import { env } from '@/lib/env'
import { listOutboxMail, mailViewerEnabled, publicUrl } from '@/lib/adapters/mail'

export const metadata: Metadata = { title: 'Mail outbox (development)', referrer: 'no-referrer' }
export const dynamic = 'force-dynamic'

/**
 * The development mail viewer: with no SMTP_URL the mails stay in the outbox, and a developer on this
 * machine opens them here (e.g. to click a sign-up link). Anyone else gets a 404.
 */
export default async function MailOutboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  if (!mailViewerEnabled(env, clientAddressFrom(await headers()))) notFound()
  const { to } = await searchParams
  // Only this installation's own links become clickable; any other line stays text.
  const base = publicUrl('/')
  const isOwnLink = (line: string) => line.startsWith(base) && !/\s/.test(line)
  const mails = await listOutboxMail({ to: typeof to === 'string' && to.length <= 254 ? to : undefined })
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Mail outbox</h1>
      <p className="text-sm text-slate-600">
        No mail server is configured (<code>SMTP_URL</code>), so mails are not sent: they wait here, newest first. Only
        this machine can open this page.
      </p>
      {mails.length === 0 ? <p className="text-sm text-slate-600">No mail yet.</p> : null}
      {mails.map((mail) => (
        <Card key={mail.id} title={mail.subject}>
          <article data-testid="outbox-mail" data-to={mail.toAddress} className="space-y-2 text-sm">
            <p className="text-slate-600">
              To <strong>{mail.toAddress}</strong> · {mail.kind} · {mail.createdAt.toISOString()}
              {mail.sentAt ? ` · sent ${mail.sentAt.toISOString()}` : ''}
            </p>
            <div className="whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-mono text-xs text-slate-800">
              {mail.bodyText.split('\n').map((line, index) => (
                <div key={index}>
                  {isOwnLink(line) ? (
                    <a href={line} className="text-indigo-700 underline">
                      {line}
                    </a>
                  ) : (
                    line || '\u00a0'
                  )}
                </div>
              ))}
            </div>
          </article>
        </Card>
      ))}
    </div>
  )
}
