import { mount } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import type { ClusterRow } from '@/api'
import { emptyFilters } from '@/clusters/filter'
import ClusterFilters from './ClusterFilters.vue'

const rows = [
  { id: 'c-1', name: 'a', state: 'RUNNING', accessModeLabel: 'Standard', runtime: '16.4 LTS', creator: 'a@x.com' },
  { id: 'c-2', name: 'b', state: 'TERMINATED', accessModeLabel: 'Dedicated', runtime: '15.4 LTS', creator: 'b@x.com' },
] as ClusterRow[]

describe('ClusterFilters', () => {
  it('offers each value with its count', () => {
    const w = mount(ClusterFilters, { props: { rows, me: '', modelValue: emptyFilters() } })
    expect(w.findAllComponents(NSelect)[0]!.props('options')).toEqual([
      { value: 'RUNNING', label: 'Running (1)' },
      { value: 'TERMINATED', label: 'Terminated (1)' },
    ])
  })
})
