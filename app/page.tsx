import Link from 'next/link'
import { notFound } from 'next/navigation'
import { MemberHome } from '@/components/home/member-home'
import { SupportHome } from '@/components/home/support-home'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { can } from '@/lib/services/auth/permissions'
import type { Caller } from '@/lib/services/auth/caller'
import { callerOf, getSession } from '@/lib/services/auth/session'
import { countLessonsForCaller } from '@/lib/services/lessons/lesson-counts'
import { defaultAgentModelLabel } from '@/lib/services/runs/default-agent-model'
import { listRuns } from '@/lib/services/runs/queries'
import { FAILURE_STATUSES, listSupportRuns } from '@/lib/services/support/support-queries'
import { TextLink } from '@/components/ui/text-link'

/** A member's or admin's dashboard: only their own runs (even for admins, who may read the whole tenant's). */
async function memberHomeData(caller: Caller) {
  const [{ runs }, counts, modelLabel] = await Promise.all([
    listRuns(caller, { userId: caller.userId, limit: 5 }),
    countLessonsForCaller(caller),
    can(caller.role, 'runs.create') ? defaultAgentModelLabel(caller) : Promise.resolve(null),
  ])
  return { runs: runs.map(({ userName: _owner, ...run }) => run), counts, modelLabel }
}

/** Support's dashboard: the console's list puts failures first, newest first, so its first five rows hold them. */
async function newestFailures(caller: Caller) {
  const { runs } = await listSupportRuns(caller, {}, { limit: 5 })
  return runs.filter((run) => FAILURE_STATUSES.includes(run.status))
}

export default async function HomePage() {
  const session = await getSession()
  if (!session) {
    return (
      <div className="mx-auto max-w-2xl py-12 text-center">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Agents that learn from their failures</h1>
        <p className="mt-4 text-slate-600">
          Hand a task to an agent that retries, reflects on what went wrong, and keeps the lessons your team curates.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            href="/signup"
            className="rounded-md bg-indigo-600 px-5 py-2.5 text-sm font-medium text-white hover:bg-indigo-700"
          >
            Create an organisation
          </Link>
          <Link
            href="/signin"
            className="rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-medium hover:bg-slate-100"
          >
            Sign in
          </Link>
        </div>
      </div>
    )
  }
  if (!session.active && session.ssoRequiredBy.length > 0) {
    return (
      <div className="mx-auto max-w-lg">
        <PageHeader title="Sign in with single sign-on" />
        <Card>
          <p className="text-sm text-slate-700" data-testid="sso-required">
            {session.ssoRequiredBy.join(', ')} {session.ssoRequiredBy.length === 1 ? 'requires' : 'require'} single
            sign-on: sign out, then sign in with your organisation&apos;s identity provider.
          </p>
        </Card>
      </div>
    )
  }
  if (!session.active) {
    return (
      <div className="mx-auto max-w-lg">
        <PageHeader title="No organisation yet" />
        <Card>
          <p className="text-sm text-slate-700">
            You are signed in as {session.user.email}, but you are not a member of any organisation. Open an invitation
            link from an admin, or <TextLink href="/signup">create a new organisation</TextLink> with another email.
          </p>
        </Card>
      </div>
    )
  }
  const caller = callerOf(session)
  if (!caller) notFound()
  // What the role works on decides the dashboard: own runs (members, admins), else the tenant's failures (support).
  const dashboard = can(caller.role, 'runs.readOwn') ? (
    <MemberHome {...await memberHomeData(caller)} />
  ) : can(caller.role, 'support.console') ? (
    <SupportHome failures={await newestFailures(caller)} />
  ) : null
  return (
    <div>
      <PageHeader
        title={`Welcome, ${session.user.name}`}
        description={`${session.active.tenantName} · signed in as ${session.active.role}`}
      />
      {dashboard}
    </div>
  )
}
