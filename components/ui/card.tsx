import type { ReactNode } from 'react'

/** A white panel with an optional heading (h2). */
export function Card({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`} aria-label={title}>
      {title ? <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  )
}
