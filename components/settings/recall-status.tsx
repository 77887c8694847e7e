import type { RecallSettings } from '@/lib/services/lessons/embedding-settings'

/** Which embedding model recall uses, a model change's progress, and the last provider failure (it fell back). */
export function RecallStatus({ settings }: { settings: RecallSettings }) {
  const { activeModel, pending, lastFailure } = settings
  return (
    <div className="mb-4 space-y-2 text-sm text-slate-700" data-testid="recall-status">
      <p>
        Recall uses <span className="font-mono">{activeModel}</span>
        {activeModel === 'offline'
          ? ' (built-in sentence encoder with word and character matching; tasks in other languages are read through a word-by-word English gloss)'
          : ''}
        .
      </p>
      {pending ? (
        <div role="status" className="rounded-md bg-sky-50 p-2 text-sky-900">
          Re-embedding lessons with <span className="font-mono">{pending.model}</span>: {pending.done} of{' '}
          {pending.total || '…'} done.
          <progress
            className="ml-2 align-middle"
            max={Math.max(1, pending.total)}
            value={pending.done}
            aria-label="Re-embedding progress"
          />
        </div>
      ) : null}
      {lastFailure ? (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-amber-900">
          The embedding provider failed during {lastFailure.during === 'reembed' ? 're-embedding' : lastFailure.during}{' '}
          at {new Date(lastFailure.at).toISOString().replace('T', ' ').slice(0, 16)} UTC; recall fell back to the
          offline path: {lastFailure.error}
        </p>
      ) : null}
    </div>
  )
}
