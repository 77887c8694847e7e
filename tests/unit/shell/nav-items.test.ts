import { describe, expect, it } from 'vitest'
import { navItemsFor } from '../../../components/shell/nav-items'

const labels = (role: 'member' | 'admin' | 'support') => navItemsFor(role).map((item) => item.label)

describe('navigation by role', () => {
  it('shows each role only what its permissions allow', () => {
    expect(labels('member')).toEqual(['Runs', 'New task', 'Lessons', 'Experiments', 'API keys'])
    expect(labels('support')).toEqual(['Runs', 'Support', 'API keys'])
    expect(labels('admin')).toEqual([
      'Runs',
      'New task',
      'Lessons',
      'Shared lessons',
      'Review',
      'Effect',
      'Experiments',
      'Support',
      'Members',
      'Settings',
      'API keys',
      'Audit',
    ])
  })
})
