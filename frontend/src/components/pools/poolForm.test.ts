import { describe, expect, it } from 'vitest'
import { asProblems, cleanSpec } from './poolForm'

describe('pool form helpers', () => {
  it('drops what the controls leave empty, keeps explicit zeros', () => {
    expect(
      cleanSpec({ instance_pool_name: 'p', min_idle_instances: 0, disk_spec: { disk_type: {} }, azure_attributes: { availability: '' }, tag: null }),
    ).toEqual({ instance_pool_name: 'p', min_idle_instances: 0 })
  })
  it('maps field problems to the editor shape', () => {
    expect(asProblems([{ path: 'max_capacity', code: 'below_min_idle', message: 'm', severity: 'error' }])).toEqual([
      { path: 'max_capacity', code: 'below_min_idle', message: 'm', severity: 'error', source: 'api', estimated: false },
    ])
  })
})
