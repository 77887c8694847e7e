import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { SupportRunView } from '@/components/support/support-run-view'
import { openSupportRun } from '@/lib/services/support/open-support-run'
import { can } from '@/lib/services/auth/permissions'
import { orNotFound, requireCaller } from '@/lib/services/auth/session'
import { authorizeSupportRun } from '@/lib/services/support/session'

export const metadata: Metadata = { title: 'Ask why' }

export default async function AskAboutRunPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requireCaller()
  if (!can(caller.role, 'support.askOwn') && !can(caller.role, 'support.console')) notFound()
  const { id } = await params
  const run = await orNotFound(authorizeSupportRun(caller, id))
  const workspace = await openSupportRun(caller, run, 'ask')
  return <SupportRunView run={run} back={{ href: `/runs/${run.id}`, label: 'Back to the run' }} workspace={workspace} />
}
