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
  it('fits chosen values on one line, and leaves the fitting (a layout measure on mount) out while none are chosen', async () => {
    const w = mount(ClusterFilters, { props: { rows, me: 'a@x.com', modelValue: emptyFilters() } })
    const fits = () => w.findAllComponents(NSelect).map((s) => s.props('maxTagCount'))
    expect(fits()).toEqual([undefined, undefined, undefined, undefined])
    await w.setProps({ modelValue: { ...emptyFilters(), states: ['RUNNING'], creators: ['a@x.com', 'b@x.com'] } })
    expect(fits()).toEqual(['responsive', undefined, undefined, 'responsive'])
  })

  it('offers each value with its count', () => {
    const w = mount(ClusterFilters, { props: { rows, me: '', modelValue: emptyFilters() } })
    expect(w.findAllComponents(NSelect)[0]!.props('options')).toEqual([
      { value: 'RUNNING', label: 'Running (1)' },
      { value: 'TERMINATED', label: 'Terminated (1)' },
    ])
  })
})
