import { formatCost, formatTokens } from './run-format'
import type { RoleUsageRow } from './role-usage'

const cell = 'px-2 py-1.5 text-right tabular-nums'

/** Tokens and estimated cost per model role, from the log ("—" when a model's price is unknown). */
export function UsageTable({ rows, total }: { rows: RoleUsageRow[]; total: RoleUsageRow }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[18rem] text-sm" data-testid="usage-table">
        <caption className="sr-only">Tokens and cost per model role</caption>
        <thead className="text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-left font-medium">
              Role
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Calls
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Input
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Output
            </th>
            <th scope="col" className={`${cell} font-medium`}>
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.role} className={row.calls === 0 ? 'text-slate-400' : ''}>
              <th scope="row" className="px-2 py-1.5 text-left font-medium capitalize">
                {row.role}
              </th>
              <td className={cell}>{row.calls}</td>
              <td className={cell}>{formatTokens(row.inputTokens)}</td>
              <td className={cell}>{formatTokens(row.outputTokens)}</td>
              <td className={cell}>{row.calls === 0 ? '—' : formatCost(row.costUsd)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-300 font-semibold">
          <tr>
            <th scope="row" className="px-2 py-1.5 text-left">
              Total
            </th>
            <td className={cell}>{total.calls}</td>
            <td className={cell}>{formatTokens(total.inputTokens)}</td>
            <td className={cell}>{formatTokens(total.outputTokens)}</td>
            <td className={cell} data-testid="total-cost">
              {total.calls === 0 ? '—' : formatCost(total.costUsd)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
