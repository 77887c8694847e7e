import type { ReactNode } from 'react'
import { TableHead, type Column } from './table-head'

/**
 * The data tables of the app: scrolls sideways on a narrow screen, the shared header row, then
 * `children` (the `<tr>` rows). `bleed` lets it reach the edges of the Card it sits in; `className`
 * adds to the table (a minimum width), `bodyClassName` to its body (`align-top`).
 */
export function DataTable({
  columns,
  children,
  bleed = false,
  className,
  bodyClassName,
  testId,
}: {
  columns: Column[]
  children: ReactNode
  bleed?: boolean
  className?: string
  bodyClassName?: string
  testId?: string
}) {
  return (
    <div className={bleed ? 'relative -mx-5 overflow-x-auto' : 'overflow-x-auto'}>
      <table className={`w-full text-left text-sm ${className ?? ''}`.trim()} data-testid={testId}>
        <TableHead columns={columns} />
        <tbody className={`divide-y divide-slate-100 ${bodyClassName ?? ''}`.trim()}>{children}</tbody>
      </table>
    </div>
  )
}
