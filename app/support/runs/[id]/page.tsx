import type { Metadata } from 'next'
import { FormTenantMarker } from '@/components/shell/form-tenant'
import { SupportRunView } from '@/components/support/support-run-view'
import { openSupportRun } from '@/lib/services/support/open-support-run'
import { orNotFound, requirePageAccess } from '@/lib/services/auth/session'
import { getRun } from '@/lib/services/runs/queries'

export const metadata: Metadata = { title: 'Support · run' }

export default async function SupportRunPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageAccess('support.console')
  const { id } = await params
  const run = await orNotFound(getRun(caller, id))
  const workspace = await openSupportRun(caller, run, 'console')
  return (
    <>
      <FormTenantMarker tenantId={caller.tenantId} />
      <SupportRunView run={run} back={{ href: '/support', label: 'Support console' }} workspace={workspace} />
    </>
  )
}
