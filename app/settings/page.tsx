import type { Metadata } from 'next'
import { removeProviderKeyAction } from '@/app/settings/actions'
import { ActionButton } from '@/components/admin/action-button'
import { formatDate } from '@/components/lessons/format'
import { ModelSettingsForm } from '@/components/settings/model-settings-form'
import { ProviderKeyForm } from '@/components/settings/provider-key-form'
import { RecallSettingsForm } from '@/components/settings/recall-settings-form'
import { RecallStatus } from '@/components/settings/recall-status'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { getTenantSettings } from '@/lib/services/admin/tenant-settings'
import { can } from '@/lib/services/auth/permissions'
import { requirePageAccess } from '@/lib/services/auth/session'
import { getRecallSettings } from '@/lib/services/lessons/recall-settings-service'
import { listProviderKeys } from '@/lib/services/admin/provider-keys'
import { modelSettingsAction, recallSettingsAction, saveProviderKeyAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Settings' }

const PROVIDERS = [
  { provider: 'openai', label: 'OpenAI', note: 'Models named openai:<model>.' },
  { provider: 'anthropic', label: 'Anthropic', note: 'Models named anthropic:<model>.' },
  {
    provider: 'compatible',
    label: 'OpenAI-compatible',
    note: 'Ollama, vLLM, LM Studio…: models named compatible:<model>.',
  },
] as const

export default async function SettingsPage() {
  const caller = await requirePageAccess('settings.manage')
  const [keys, settings, recall] = await Promise.all([
    listProviderKeys(caller),
    getTenantSettings(caller),
    getRecallSettings(caller),
  ])
  const stored = new Map(keys.map((key) => [key.provider, key]))
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        description="Model providers, the default model and the support agent of your organisation."
      />
      <Card title="Model providers">
        <p className="mb-4 text-sm text-slate-600">
          Keys are encrypted at rest and never shown again. Without any provider, runs use the offline demo model.
        </p>
        <ul className="grid gap-4 lg:grid-cols-3">
          {PROVIDERS.map(({ provider, label, note }) => {
            const key = stored.get(provider)
            return (
              <li
                key={provider}
                className="space-y-3 rounded-md border border-slate-200 p-4"
                data-testid={`provider-${provider}`}
              >
                <div>
                  <h3 className="text-sm font-semibold text-slate-900">{label}</h3>
                  <p className="text-xs text-slate-500">{note}</p>
                </div>
                {key ? (
                  <div className="space-y-2 rounded-md bg-slate-50 p-2 text-sm">
                    <p>
                      Key{' '}
                      <span className="font-mono" data-testid="masked-key">
                        •••• {key.lastFour}
                      </span>
                    </p>
                    {key.baseUrl ? (
                      <p className="truncate text-xs text-slate-600" title={key.baseUrl}>
                        {key.baseUrl}
                      </p>
                    ) : null}
                    <p className="text-xs text-slate-500">Saved {formatDate(key.updatedAt)}</p>
                    <ActionButton
                      action={removeProviderKeyAction}
                      fields={{ provider }}
                      label={`Remove ${label} key`}
                      pendingLabel="Removing…"
                      variant="danger"
                    />
                  </div>
                ) : (
                  <p className="text-sm text-slate-600">No key stored.</p>
                )}
                <ProviderKeyForm
                  action={saveProviderKeyAction}
                  provider={provider}
                  label={label}
                  stored={!!key}
                  baseUrl={key?.baseUrl ?? null}
                />
              </li>
            )
          })}
        </ul>
      </Card>
      <Card title="Models and support">
        <ModelSettingsForm
          action={modelSettingsAction}
          defaultModel={settings.defaultModel}
          supportRedactEmails={settings.supportRedactEmails}
          demoLatencyMs={settings.demoLatencyMs}
        />
      </Card>
      <Card title="Tools">
        <p className="text-sm">
          <TextLink href="/settings/tools">Tools</TextLink> — MCP servers and built-in tools agents may call
        </p>
      </Card>
      <Card title="Lesson recall">
        <RecallStatus settings={recall} />
        <RecallSettingsForm
          action={recallSettingsAction}
          floor={recall.floor}
          embeddingModel={recall.pending?.model ?? recall.activeModel}
        />
      </Card>
      <Card title="Data and sign-in">
        <p className="text-sm">
          <TextLink href="/settings/data">Data retention</TextLink> — how long finished runs and their events are kept
        </p>
        <p className="mt-2 text-sm">
          <TextLink href="/settings/sso">Single sign-on</TextLink> — domains that join automatically, and whether
          passwords still work
        </p>
      </Card>
      {can(caller.role, 'members.manage') ? (
        <Card title="People and limits">
          <ul className="space-y-2 text-sm">
            <li>
              <TextLink href="/settings/members">Members and invitations</TextLink>
            </li>
            <li>
              <TextLink href="/settings/quotas">Run quotas</TextLink> — runs per day, for everyone and per member
            </li>
          </ul>
        </Card>
      ) : null}
    </div>
  )
}
