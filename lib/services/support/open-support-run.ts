import 'server-only'
import type { Caller } from '../auth/caller'
import { can } from '../auth/permissions'
import type { AuthorizedRunView } from '../runs/queries'
import { auditSupport, loadSupportReflection } from './session'
import { loadTimelinePage } from './timeline-page'
import type { TimelinePage } from './timeline-row'

/** What support staff see of an opened run beside the chat: the context card and the first timeline page. */
export type SupportWorkspaceData = { contextCard: string; initialPage: TimelinePage }

/**
 * Opens a run for support: for staff (support.console) the workspace data, for a member asking about their
 * own run null (the chat alone); the opening is audited either way, with how it was reached.
 */
export async function openSupportRun(
  caller: Caller,
  run: AuthorizedRunView,
  via: 'console' | 'ask',
): Promise<SupportWorkspaceData | null> {
  const workspace = can(caller.role, 'support.console')
    ? await Promise.all([loadSupportReflection(caller, run), loadTimelinePage(caller, run.id, 0)]).then(
        ([reflection, initialPage]) => ({ contextCard: reflection.context(), initialPage }),
      )
    : null
  await auditSupport(caller, 'support.run_opened', run.id, { via })
  return workspace
}
