import { describe, expect, it } from 'vitest'
import type { PermissionEntry, Principal } from '@/api'
import { kindLabel, originText, principalOf, principalOptions } from './panel'

const entry = (sources: Array<{ level: string; levelLabel: string; inherited: boolean; from: string }>) =>
  ({ sources }) as unknown as PermissionEntry

describe('permissions panel helpers', () => {
  it('says where a level comes from', () => {
    expect(originText(entry([{ level: 'CAN_RESTART', levelLabel: 'Can restart', inherited: false, from: 'granted here' }]))).toBe(
      'Can restart, granted here',
    )
    expect(
      originText(entry([{ level: 'CAN_MANAGE', levelLabel: 'Can manage', inherited: true, from: 'every cluster of the workspace (/clusters/)' }])),
    ).toBe('Can manage, inherited from every cluster of the workspace (/clusters/)')
    expect(originText(entry([{ level: 'CAN_MANAGE', levelLabel: 'Can manage', inherited: false, from: 'owner (creator)' }]))).toBe(
      'Can manage as owner (creator)',
    )
  })

  it('lists principals by name and kind and reads a choice back', () => {
    const found = [
      { kind: 'user', name: 'priya.sharma@example.com', displayName: 'Priya Sharma' },
      { kind: 'group', name: 'analysts', displayName: 'analysts' },
      { kind: 'service-principal', name: '6f1d', displayName: 'etl-automation' },
    ] as Principal[]
    expect(principalOptions(found).map((o) => o.label)).toEqual([
      'Priya Sharma (priya.sharma@example.com) · User',
      'analysts · Group',
      'etl-automation (6f1d) · Service principal',
    ])
    expect(principalOf('group:analysts', found)).toEqual(found[1])
    expect(principalOf('group:nobody', found)).toBeUndefined()
    expect(kindLabel('other')).toBe('other')
  })
})
