import { can, type Permission, type Role } from '@/lib/services/auth/permissions'

/** One link of the main navigation, shown only to roles that hold its permission. */
export type NavItem = { href: string; label: string; permission: Permission }

// Page builders: add a page, then make sure its link is here with the permission the page checks.
export const NAV_ITEMS: NavItem[] = [
  { href: '/runs', label: 'Runs', permission: 'runs.readOwn' },
  { href: '/runs', label: 'Runs', permission: 'runs.readTenant' },
  { href: '/tasks/new', label: 'New task', permission: 'runs.create' },
  { href: '/lessons', label: 'Lessons', permission: 'lessons.manageOwn' },
  { href: '/admin/lessons', label: 'Shared lessons', permission: 'lessons.curateShared' },
  { href: '/admin/review', label: 'Review', permission: 'lessons.curateShared' },
  { href: '/admin/effect', label: 'Effect', permission: 'lessons.curateShared' },
  { href: '/datasets', label: 'Experiments', permission: 'experiments.manageOwn' },
  { href: '/support', label: 'Support', permission: 'support.console' },
  { href: '/settings/members', label: 'Members', permission: 'members.manage' },
  { href: '/settings', label: 'Settings', permission: 'settings.manage' },
  { href: '/settings/api-keys', label: 'API keys', permission: 'apiKeys.manageOwn' },
  { href: '/admin/audit', label: 'Audit', permission: 'audit.read' },
]

/** The links a role may use, each once (the first entry of an href that the role may use wins). */
export function navItemsFor(role: Role): NavItem[] {
  const seen = new Set<string>()
  return NAV_ITEMS.filter((item) => {
    if (seen.has(item.href) || !can(role, item.permission)) return false
    seen.add(item.href)
    return true
  })
}
