import type { VerdictKind } from '@/lib/services/experiments/statistics'

const styles: Record<VerdictKind, string> = {
  helps: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  hurts: 'border-red-300 bg-red-50 text-red-800',
  no_evidence: 'border-slate-300 bg-slate-50 text-slate-700',
}

/** A verdict as a badge: "helps +12 pts [4, 20]", "no evidence either way", "hurts …". */
export function VerdictBadge({ kind, label }: { kind: VerdictKind; label: string }) {
  return (
    <span
      className={`inline-flex rounded-md border px-2 py-0.5 text-sm font-medium ${styles[kind]}`}
      data-testid="verdict"
      data-verdict={kind}
    >
      {label}
    </span>
  )
}
