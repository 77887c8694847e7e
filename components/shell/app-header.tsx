import Link from 'next/link'
import type { AppSession } from '@/lib/services/auth/session'
import { navItemsFor } from './nav-items'
import { NavLinks } from './nav-links'
import { TenantSwitcher } from './tenant-switcher'
import { UserMenu } from './user-menu'

/**
 * The top of every page: product name, tenant switcher, user menu, and the links the role may use.
 * `switchTenant` is the layout's server action.
 */
export function AppHeader({
  session,
  switchTenant,
}: {
  session: AppSession | null
  switchTenant: (form: FormData) => Promise<void>
}) {
  const active = session?.active ?? null
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2">
        <div className="flex min-w-0 items-center gap-3">
          <Link href="/" className="shrink-0 text-base font-semibold tracking-tight text-slate-900">
            Reflexion Studio
          </Link>
          {session && active ? (
            <TenantSwitcher
              tenants={session.memberships.map(({ tenantId, tenantName, role }) => ({ tenantId, tenantName, role }))}
              activeTenantId={active.tenantId}
              action={switchTenant}
            />
          ) : null}
        </div>
        {session ? (
          <UserMenu name={session.user.name} email={session.user.email} role={active?.role ?? null} />
        ) : (
          <nav aria-label="Account" className="flex gap-2 text-sm">
            <Link href="/signin" className="rounded-md px-3 py-1.5 hover:bg-slate-100">
              Sign in
            </Link>
            <Link href="/signup" className="rounded-md bg-indigo-600 px-3 py-1.5 text-white hover:bg-indigo-700">
              Sign up
            </Link>
          </nav>
        )}
      </div>
      {active ? (
        <div className="mx-auto max-w-6xl px-3">
          <NavLinks items={navItemsFor(active.role).map(({ href, label }) => ({ href, label }))} />
        </div>
      ) : null}
    </header>
  )
}
