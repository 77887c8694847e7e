import type { Metadata } from 'next'
import { removeWebhookAction, testWebhookAction } from '@/app/settings/webhooks/actions'
import { ActionButton } from '@/components/admin/action-button'
import { WebhookForm } from '@/components/settings/webhook-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { listWebhookDeliveries, listWebhookEndpoints } from '@/lib/services/webhooks/webhook-endpoints'
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@/lib/services/webhooks/signature'
import { addWebhookAction } from './actions'
import { DataTable } from '@/components/ui/data-table'

export const metadata: Metadata = { title: 'Webhooks' }

const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export default async function WebhooksPage() {
  const caller = await requirePageAccess('webhooks.manage')
  const [endpoints, deliveries] = await Promise.all([listWebhookEndpoints(caller), listWebhookDeliveries(caller)])
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]))
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description="Your endpoints get a signed POST when runs end and when lessons are proposed."
      />
      <Card title="Verifying a delivery">
        <p className="text-sm text-slate-700">
          Each POST carries <code className="font-mono">{WEBHOOK_HEADERS.timestamp}</code> (Unix seconds) and{' '}
          <code className="font-mono">{WEBHOOK_HEADERS.signature}</code>:{' '}
          <code className="font-mono break-all">v1=hex(HMAC-SHA256(secret, timestamp + &quot;.&quot; + raw body))</code>
          . Refuse timestamps more than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes away; use{' '}
          <code className="font-mono">{WEBHOOK_HEADERS.id}</code> to drop repeats. Failed deliveries are retried with
          backoff.
        </p>
      </Card>
      <Card title="Add an endpoint">
        <WebhookForm action={addWebhookAction} />
      </Card>
      <Card title="Endpoints">
        {endpoints.length === 0 ? (
          <p className="text-sm text-slate-600">No endpoints yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="webhook-endpoints">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="font-mono text-sm break-all">{endpoint.url}</p>
                  <p className="text-xs text-slate-500">{endpoint.events.join(', ')}</p>
                  {endpoint.description ? <p className="text-xs text-slate-500">{endpoint.description}</p> : null}
                </div>
                <div className="flex gap-2">
                  <ActionButton
                    action={testWebhookAction}
                    fields={{ endpointId: endpoint.id }}
                    label="Send test"
                    pendingLabel="Sending…"
                    success="Sent: see the deliveries below."
                  />
                  <ActionButton
                    action={removeWebhookAction}
                    fields={{ endpointId: endpoint.id }}
                    label="Remove"
                    variant="danger"
                    success="Removed."
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Recent deliveries">
        {deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing sent yet.</p>
        ) : (
          <DataTable
            testId="webhook-deliveries"
            columns={[
              'Event',
              'Status',
              { label: 'Attempts', className: 'hidden sm:table-cell' },
              { label: 'Endpoint', className: 'hidden md:table-cell' },
              'When',
            ]}
          >
            {deliveries.map((delivery) => (
              <tr key={delivery.id} className="align-top">
                <td className="px-5 py-2 font-mono text-xs">{delivery.event}</td>
                <td className="px-5 py-2">
                  {delivery.status}
                  {delivery.responseStatus ? ` (${delivery.responseStatus})` : ''}
                  {delivery.lastError && delivery.status !== 'succeeded' ? (
                    <div className="text-xs text-red-700">{delivery.lastError}</div>
                  ) : null}
                </td>
                <td className="hidden px-5 py-2 sm:table-cell">{delivery.attempts}</td>
                <td className="hidden px-5 py-2 font-mono text-xs break-all md:table-cell">
                  {urls.get(delivery.endpointId) ?? 'removed'}
                </td>
                <td className="px-5 py-2 text-xs whitespace-nowrap">
                  {time.format(delivery.lastAttemptAt ?? delivery.createdAt)}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </div>
  )
}
