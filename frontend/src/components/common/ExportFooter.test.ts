import { flushPromises, mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'

const clip = vi.hoisted(() => ({ copyText: vi.fn() }))
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), copyText: clip.copyText }))

import ExportFooter from './ExportFooter.vue'

function mountFooter(text: string | null, onSave = vi.fn()) {
  const Host = defineComponent({
    setup: () => () =>
      h(NMessageProvider, () => h(ExportFooter, { text, fileName: 'pool.tf', saving: false, testid: 'x', onSave })),
  })
  return mount(Host, { attachTo: document.body })
}

describe('ExportFooter', () => {
  beforeEach(() => vi.resetAllMocks())

  it('copies through the clipboard wrapper the desktop window needs, and asks to save', async () => {
    clip.copyText.mockResolvedValue(true)
    const onSave = vi.fn()
    const w = mountFooter('resource "databricks_instance_pool" "p" {}', onSave)
    expect(w.text()).toContain('pool.tf')
    await w.get('[data-testid="x-copy"]').trigger('click')
    await flushPromises()
    expect(clip.copyText).toHaveBeenCalledWith('resource "databricks_instance_pool" "p" {}')
    await w.get('[data-testid="x-save"]').trigger('click')
    expect(onSave).toHaveBeenCalledTimes(1)
    w.unmount()
  })

  it('offers neither copy nor save before there is text', () => {
    const w = mountFooter(null)
    expect(w.get('[data-testid="x-copy"]').attributes('disabled')).toBeDefined()
    expect(w.get('[data-testid="x-save"]').attributes('disabled')).toBeDefined()
    w.unmount()
  })
})
