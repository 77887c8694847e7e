import 'server-only'
import type { Db } from '../../adapters/db/client'
import { AppError } from '../../errors'

/** Refuses a task naming a tool that is not enabled in the tenant (the field error names the tools). */
export async function assertToolsSelectable(prisma: Db, tenantId: string, tools: readonly string[]): Promise<void> {
  if (tools.length === 0) return
  const enabled = await prisma.tenantTool.findMany({
    where: { tenantId, enabled: true, name: { in: [...tools] } },
    select: { name: true },
  })
  const known = new Set(enabled.map((row) => row.name))
  const missing = tools.filter((name) => !known.has(name))
  if (missing.length > 0)
    throw new AppError('bad_request', 'The task is not valid: check the highlighted fields.', {
      tools: [`Not an enabled tool of your organisation: ${missing.join(', ')}. Choose from the enabled tools.`],
    })
}
