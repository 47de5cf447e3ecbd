import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import DraftSpecEditor from './DraftSpecEditor.vue'

describe('DraftSpecEditor', () => {
  it('emits the spec while the JSON parses, and holds it while it does not', async () => {
    const w = mount(DraftSpecEditor, { props: { spec: { cluster_name: 'etl' } } })
    const ta = w.find('textarea')
    expect(JSON.parse(ta.element.value)).toEqual({ cluster_name: 'etl' })

    await ta.setValue('{ "cluster_name": "etl", "num_workers": 3 }')
    expect(w.emitted('update:spec')?.at(-1)).toEqual([{ cluster_name: 'etl', num_workers: 3 }])
    expect(w.emitted('invalid')?.at(-1)).toEqual([false])

    await ta.setValue('{ "cluster_name": "etl",\n  "num_workers": }')
    expect(w.emitted('update:spec')).toHaveLength(1)
    expect(w.emitted('invalid')?.at(-1)).toEqual([true])
    expect(w.find('[data-testid="spec-syntax-error"]').text()).toMatch(/^Line 2, column \d+/)
    // The broken text goes out to be saved as it is; fixing it clears it.
    expect(w.emitted('text')?.at(-1)).toEqual(['{ "cluster_name": "etl",\n  "num_workers": }'])
    await ta.setValue('{ "cluster_name": "etl", "num_workers": 4 }')
    expect(w.emitted('text')?.at(-1)).toEqual([''])
  })

  it('opens on text saved while it did not parse, with its error', async () => {
    const w = mount(DraftSpecEditor, { props: { spec: { cluster_name: 'old' }, text: '{ "cluster_name": "new", ' } })
    expect(w.find('textarea').element.value).toBe('{ "cluster_name": "new", ')
    expect(w.emitted('invalid')?.at(-1)).toEqual([true])
    expect(w.find('[data-testid="spec-syntax-error"]').exists()).toBe(true)
  })

  it('shows a spec replaced from outside', async () => {
    const w = mount(DraftSpecEditor, { props: { spec: { cluster_name: 'a' } } })
    await w.setProps({ spec: { cluster_name: 'b' } })
    expect(JSON.parse(w.find('textarea').element.value)).toEqual({ cluster_name: 'b' })
  })
})
