import type { Metadata } from 'next'
import { revokeApiKeyAction } from '@/app/settings/api-keys/actions'
import { ActionButton } from '@/components/admin/action-button'
import { formatDate } from '@/components/lessons/format'
import { ApiKeyForm } from '@/components/settings/api-key-form'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { listApiKeys } from '@/lib/services/api-keys/api-keys'
import { can, scopesAllowedFor } from '@/lib/services/auth/permissions'
import { requirePageAccess } from '@/lib/services/auth/session'
import { createApiKeyAction } from './actions'
import { TextLink } from '@/components/ui/text-link'
import { DataTable } from '@/components/ui/data-table'

export const metadata: Metadata = { title: 'API keys' }

const when = (date: Date | null, empty: string) => (date ? formatDate(date) : empty)

export default async function ApiKeysPage() {
  const caller = await requirePageAccess('apiKeys.manageOwn')
  const keys = await listApiKeys(caller)
  const admin = can(caller.role, 'apiKeys.manageTenant')
  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description="Keys for the public API (/api/v1) and the MCP endpoint. A key never does more than its person’s role allows."
      />
      <p className="text-sm">
        <TextLink href="/api-docs">API reference</TextLink> ·{' '}
        <a href="/api/v1/openapi.json" className="text-indigo-700 underline">
          OpenAPI document
        </a>
      </p>
      <Card title="New key">
        <ApiKeyForm action={createApiKeyAction} scopes={scopesAllowedFor(caller.role)} mayCreateTenantKeys={admin} />
      </Card>
      <Card title={admin ? 'Keys of the organisation' : 'Your keys'}>
        {keys.length === 0 ? (
          <p className="text-sm text-slate-600">No keys yet.</p>
        ) : (
          <DataTable
            testId="api-keys-table"
            columns={[
              'Key',
              { label: 'Scopes', className: 'hidden sm:table-cell' },
              { label: 'Created', className: 'hidden sm:table-cell' },
              { label: 'Expires', className: 'hidden md:table-cell' },
              { label: 'Last used', className: 'hidden md:table-cell' },
              { label: 'Actions', visuallyHidden: true },
            ]}
          >
            {keys.map((key) => (
              <tr key={key.id} className="align-top" data-testid="api-key-row">
                <td className="px-5 py-3">
                  <div className="font-medium text-slate-900">{key.name}</div>
                  <div className="font-mono text-xs text-slate-500">{key.prefix}…</div>
                  <div className="text-xs text-slate-500">
                    {key.kind === 'tenant' ? 'Tenant key' : 'Personal'} · {key.userName}
                  </div>
                </td>
                <td className="hidden px-5 py-3 font-mono text-xs sm:table-cell">{key.scopes.join(' ')}</td>
                <td className="hidden px-5 py-3 whitespace-nowrap sm:table-cell">{formatDate(key.createdAt)}</td>
                <td className="hidden px-5 py-3 whitespace-nowrap md:table-cell">{when(key.expiresAt, 'never')}</td>
                <td className="hidden px-5 py-3 whitespace-nowrap md:table-cell">{when(key.lastUsedAt, 'not yet')}</td>
                <td className="px-5 py-3">
                  {key.revokedAt ? (
                    <span className="text-xs text-slate-500">Revoked {formatDate(key.revokedAt)}</span>
                  ) : (
                    <ActionButton
                      action={revokeApiKeyAction}
                      fields={{ keyId: key.id }}
                      label="Revoke"
                      pendingLabel="Revoking…"
                      variant="danger"
                      success="Revoked."
                      testId={`revoke-${key.prefix}`}
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </div>
  )
}
