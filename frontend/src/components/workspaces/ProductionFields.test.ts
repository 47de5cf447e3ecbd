import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h, reactive } from 'vue'
import ProductionFields from './ProductionFields.vue'

function mountFields(start: { production: boolean; label: string; color: string }) {
  const draft = reactive({ ...start })
  const Host = defineComponent({
    setup: () => () =>
      h(ProductionFields, {
        production: draft.production,
        label: draft.label,
        color: draft.color,
        'onUpdate:production': (v: boolean) => (draft.production = v),
        'onUpdate:label': (v: string) => (draft.label = v),
        'onUpdate:color': (v: string) => (draft.color = v),
      }),
  })
  return { w: mount(Host), draft }
}

describe('ProductionFields', () => {
  it('marks a workspace turned production with PROD in red when it had no marker', async () => {
    const { w, draft } = mountFields({ production: false, label: '', color: '' })
    await w.get('[data-field="production"]').trigger('click')
    expect(draft).toEqual({ production: true, label: 'PROD', color: '#d03050' })
  })

  it('keeps a marker the user chose, and picks a colour from the swatches', async () => {
    const { w, draft } = mountFields({ production: false, label: 'LIVE', color: '#2f5bea' })
    await w.get('[data-field="production"]').trigger('click')
    expect(draft).toEqual({ production: true, label: 'LIVE', color: '#2f5bea' })
    await w.get('[aria-label="No colour"]').trigger('click')
    expect(draft.color).toBe('')
    await w.get('[aria-label="Colour #18a058"]').trigger('click')
    expect(draft.color).toBe('#18a058')
    expect(w.get('[aria-label="Colour #18a058"]').attributes('aria-checked')).toBe('true')
  })
})
