import { mount } from '@vue/test-utils'
import { NConfigProvider, NInput, NInputNumber, NSelect } from 'naive-ui'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { appLocale } from './theme'

// The app's root sets appLocale; every field without its own placeholder
// must then show none of the kit's "Please …" filler.
const Fields = defineComponent({
  render: () =>
    h(NConfigProvider, { locale: appLocale }, () => [
      h(NInputNumber, { value: null }),
      h(NInput, { value: '' }),
      h(NSelect, { value: null, options: [] }),
    ]),
})

describe('appLocale', () => {
  it('leaves no "Please Input" or "Please Select" in empty fields', () => {
    const w = mount(Fields)
    const placeholders = w.findAll('input').map((i) => i.attributes('placeholder') ?? '')
    expect(placeholders.length).toBeGreaterThanOrEqual(2)
    expect(w.html()).not.toMatch(/Please/)
  })
})
