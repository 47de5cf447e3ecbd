import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import ShownName from './ShownName.vue'

describe('ShownName', () => {
  it.each([
    ['a plain name', 'shared-analytics', 'shared-analytics'],
    ['a right-to-left override, drawn visibly', 'invoice\u202Egpj.exe', 'invoice⟨U+202E⟩gpj.exe'],
    ['an Arabic name, kept', 'تحليلات', 'تحليلات'],
    ['nothing', null, ''],
  ])('isolates %s', (_, text, shown) => {
    const w = mount(ShownName, { props: { text } })
    expect(w.element.tagName).toBe('BDI')
    expect(w.text()).toBe(shown)
  })
})
