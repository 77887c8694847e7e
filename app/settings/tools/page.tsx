import type { Metadata } from 'next'
import { checkMcpServerAction, checkOperatorServerAction, removeMcpServerAction } from '@/app/settings/tools/actions'
import { ActionButton } from '@/components/admin/action-button'
import { formatDate } from '@/components/lessons/format'
import { AddServerForm } from '@/components/tools/add-server-form'
import { CheckButton } from '@/components/tools/check-result-button'
import { HttpHostsForm } from '@/components/tools/http-hosts-form'
import { ToolRow } from '@/components/tools/tool-row'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requirePageAccess } from '@/lib/services/auth/session'
import { getToolRegistry } from '@/lib/services/tools/tool-catalog'
import { addMcpServerAction, httpFetchHostsAction, setToolEnabledAction } from './actions'

export const metadata: Metadata = { title: 'Tools' }

export default async function ToolsSettingsPage() {
  const caller = await requirePageAccess('settings.manage')
  const registry = await getToolRegistry(caller)
  return (
    <div className="space-y-6">
      <PageHeader
        title="Tools"
        description="What agents may call. Every tool is off until you enable it; members then choose tools per task."
      />
      <Card title="Built-in tools">
        <ul className="space-y-3">
          {registry.builtins.map((tool) => (
            <li key={tool.name} className="space-y-2">
              <ToolRow action={setToolEnabledAction} tool={tool} title={tool.title} />
              {tool.allowedHosts ? (
                <div className="ml-3 border-l-2 border-slate-200 pl-3">
                  <HttpHostsForm action={httpFetchHostsAction} hosts={tool.allowedHosts} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      <Card title="MCP servers">
        <p className="mb-4 text-sm text-slate-600">
          Servers that speak the Model Context Protocol over Streamable HTTP. Their tools are listed when you add or
          check a server.
        </p>
        {registry.servers.length === 0 ? <p className="mb-4 text-sm text-slate-600">No servers yet.</p> : null}
        <ul className="mb-6 space-y-4">
          {registry.servers.map((server) => (
            <li
              key={server.id}
              className="space-y-3 rounded-md border border-slate-200 p-4"
              data-testid={`server-${server.name}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold text-slate-900">{server.name}</h3>
                  <p className="font-mono text-xs break-all text-slate-600">{server.url}</p>
                  <p className="text-xs text-slate-500">
                    {server.headerNames.length > 0
                      ? `Headers (values hidden): ${server.headerNames.join(', ')}`
                      : 'No headers.'}
                  </p>
                  <p className="text-xs text-slate-500" data-testid="server-check">
                    {server.checkedAt
                      ? server.checkError
                        ? `Last check ${formatDate(server.checkedAt)} failed: ${server.checkError}`
                        : `Last check ${formatDate(server.checkedAt)}: connected.`
                      : 'Not checked yet.'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <CheckButton
                    action={checkMcpServerAction}
                    fields={{ serverId: server.id }}
                    label="Check connection"
                  />
                  <ActionButton
                    action={removeMcpServerAction}
                    fields={{ serverId: server.id }}
                    label={`Remove ${server.name}`}
                    pendingLabel="Removing…"
                    variant="danger"
                  />
                </div>
              </div>
              {server.tools.length > 0 ? (
                <ul className="space-y-2">
                  {server.tools.map((tool) => (
                    <li key={tool.name}>
                      <ToolRow action={setToolEnabledAction} tool={tool} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">No tools listed.</p>
              )}
            </li>
          ))}
        </ul>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Add a server</h3>
        <AddServerForm action={addMcpServerAction} />
      </Card>
      {registry.operatorServers.length > 0 ? (
        <Card title="Servers from the operator">
          <p className="mb-4 text-sm text-slate-600">
            Local command servers declared in the operator’s configuration; they cannot be added here.
          </p>
          <ul className="space-y-4">
            {registry.operatorServers.map((server) => (
              <li key={server.name} className="space-y-3 rounded-md border border-slate-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="text-sm font-semibold text-slate-900">{server.name}</h3>
                    <p className="font-mono text-xs break-all text-slate-600">{server.command}</p>
                  </div>
                  <CheckButton
                    action={checkOperatorServerAction}
                    fields={{ serverName: server.name }}
                    label="List tools"
                  />
                </div>
                <ul className="space-y-2">
                  {server.tools.map((tool) => (
                    <li key={tool.name}>
                      <ToolRow action={setToolEnabledAction} tool={tool} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  )
}
