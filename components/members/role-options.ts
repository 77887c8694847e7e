import { ROLES } from '@/lib/services/auth/permissions'

const descriptions = {
  member: 'Member — runs tasks, own lessons',
  admin: 'Admin — everything, members, shared lessons',
  support: 'Support — reads all runs, support console',
}

/** The roles as select options, with what each may do. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: descriptions[role] }))
