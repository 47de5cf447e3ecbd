import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { useVirtualRows } from './useVirtualRows'

// The shared rows of the lean tables (ClusterTable.test.ts covers them inside
// the clusters table): what is shown, with keys kept across changes.
const rowsOf = (n: number, prefix = 'r') => [...Array(n).keys()].map((i) => ({ id: `${prefix}${i}` }))

function host(rows: ReturnType<typeof ref<Array<{ id: string }>>>, topKey = ref('')) {
  let api!: ReturnType<typeof useVirtualRows<{ id: string }>>
  const C = defineComponent({
    setup() {
      api = useVirtualRows({ rows: () => rows.value ?? [], rowHeight: 40, headHeight: 40, topKey: () => topKey.value })
      return () => h('div', { ref: api.scroller, style: 'height: 400px; overflow: auto' }, [h('div', { style: api.bodyStyle.value })])
    },
  })
  const w = mount(C, { attachTo: document.body })
  return { w, api: () => api }
}

describe('useVirtualRows', () => {
  it.each([
    ['no rows', 0, '0px'],
    ['a few rows', 3, '120px'],
    ['many rows', 1000, '40000px'],
  ])('%s: the body is as tall as every row', async (_, n, height) => {
    const rows = ref(rowsOf(n))
    const { w, api } = host(rows)
    await nextTick()
    expect(api().bodyStyle.value.height).toBe(height)
    expect(api().bodyStyle.value.paddingTop).toBe('0px')
    w.unmount()
  })

  it('keeps a row’s key while it stays, and hands a gone row’s key to a new one', async () => {
    const rows = ref(rowsOf(3))
    const { w, api } = host(rows)
    await nextTick()
    const before = new Map(api().slice.value.map((s) => [s.row.id, s.key]))
    rows.value = [rows.value[0]!, { id: 'new' }, rows.value[2]!]
    await nextTick()
    const after = new Map(api().slice.value.map((s) => [s.row.id, s.key]))
    expect(after.get('r0')).toBe(before.get('r0'))
    expect(after.get('r2')).toBe(before.get('r2'))
    expect(after.get('new')).toBe(before.get('r1'))
    w.unmount()
  })
})
