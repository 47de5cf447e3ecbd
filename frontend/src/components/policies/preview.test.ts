import { describe, expect, it } from 'vitest'
import type { FieldConstraint } from '@/api'
import { fieldState } from '@/components/editor/fieldState'
import { offFormRules, previewSpec } from './preview'

const rule = (c: Partial<FieldConstraint> & { path: string; type: string }): FieldConstraint =>
  ({ locked: false, forbidden: false, hidden: false, required: false, virtual: false, wildcard: false, hint: '', ...c }) as FieldConstraint

const rules = [
  rule({ path: 'runtime_engine', type: 'fixed', locked: true, value: 'PHOTON', hidden: true }),
  rule({ path: 'num_workers', type: 'fixed', locked: true, value: 0 }),
  rule({ path: 'instance_pool_id', type: 'forbidden', forbidden: true }),
  rule({ path: 'autotermination_minutes', type: 'range', max: 60, default: 30, hint: 'At most 60', required: true }),
  rule({ path: 'spark_version', type: 'unlimited', default: 'auto:latest-lts', required: true }),
  rule({ path: 'custom_tags.team', type: 'fixed', locked: true, value: 'de' }),
  rule({ path: 'spark_conf.*', type: 'unlimited', wildcard: true, default: 'x' }),
  rule({ path: 'autoscale.min_workers', type: 'unlimited', default: 1 }),
  rule({ path: 'dbus_per_hour', type: 'range', max: 10, virtual: true, hint: 'At most 10' }),
  rule({ path: 'cluster_type', type: 'fixed', locked: true, value: 'all-purpose', virtual: true }),
]

describe('policy preview', () => {
  it('gives each field the state the policy gives it', () => {
    const by = (p: string) => fieldState(rules.find((r) => r.path === p))
    expect(by('runtime_engine')).toBe('hidden')
    expect(by('num_workers')).toBe('locked')
    expect(by('instance_pool_id')).toBe('forbidden')
    expect(by('autotermination_minutes')).toBe('limited')
    expect(by('spark_version')).toBe('required')
    expect(by('autoscale.min_workers')).toBe('defaulted')
    expect(by('cluster_name')).toBe('free')
  })

  it('opens the form with the fixed values and defaults in place', () => {
    expect(previewSpec(rules)).toEqual({
      runtime_engine: 'PHOTON',
      num_workers: 0,
      autotermination_minutes: 30,
      spark_version: 'auto:latest-lts',
      custom_tags: { team: 'de' },
      autoscale: { min_workers: 1 },
    })
  })

  it('lists beside the form the rules no field shows', () => {
    const rows = offFormRules(rules)
    expect(rows.map((r) => r.path)).toEqual(['runtime_engine', 'instance_pool_id', 'dbus_per_hour'])
    expect(rows[0]).toMatchObject({ label: 'Photon acceleration', state: 'hidden', value: 'PHOTON' })
    expect(rows[2]).toMatchObject({ label: 'Cost (DBU per hour)', state: 'limited', note: 'At most 10' })
  })
})
