import { describe, expect, it } from 'vitest'
import type { FieldConstraint } from '@/api'
import { previewRows } from './preview'

const rule = (c: Partial<FieldConstraint> & { path: string; type: string }): FieldConstraint =>
  ({ locked: false, forbidden: false, hidden: false, required: false, virtual: false, wildcard: false, hint: '', ...c }) as FieldConstraint

describe('policy preview', () => {
  it('shows every form field with the state the policy gives it', () => {
    const rows = previewRows([
      rule({ path: 'runtime_engine', type: 'fixed', locked: true, value: 'PHOTON', hidden: true }),
      rule({ path: 'num_workers', type: 'fixed', locked: true, value: 0 }),
      rule({ path: 'instance_pool_id', type: 'forbidden', forbidden: true }),
      rule({ path: 'autotermination_minutes', type: 'range', max: 60, default: 30, hint: 'At most 60', required: true }),
      rule({ path: 'spark_version', type: 'unlimited', default: 'auto:latest-lts', required: true }),
      rule({ path: 'custom_tags.team', type: 'fixed', locked: true, value: 'de' }),
      rule({ path: 'autoscale.min_workers', type: 'unlimited', default: 1 }),
      rule({ path: 'dbus_per_hour', type: 'range', max: 10, virtual: true, hint: 'At most 10' }),
    ])
    const by = (p: string) => rows.find((r) => r.path === p)!
    expect(by('runtime_engine')).toMatchObject({ state: 'hidden', value: 'PHOTON' })
    expect(by('num_workers')).toMatchObject({ state: 'locked', value: '0', label: 'Workers' })
    expect(by('instance_pool_id').state).toBe('forbidden')
    expect(by('autotermination_minutes')).toMatchObject({ state: 'limited', value: '30', note: 'At most 60' })
    expect(by('spark_version')).toMatchObject({ state: 'required', value: 'auto:latest-lts' })
    expect(by('autoscale.min_workers')).toMatchObject({ state: 'defaulted', value: '1' })
    expect(by('cluster_name')).toMatchObject({ state: 'free', value: '' })
    expect(by('custom_tags.team')).toMatchObject({ label: 'Tag team', state: 'locked' })
    expect(by('dbus_per_hour').label).toBe('Cost (DBU per hour)')
    expect(rows.indexOf(by('custom_tags.team'))).toBeGreaterThan(rows.indexOf(by('enable_elastic_disk')))
  })
})
