import { flushPromises, mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { ApiError } from '@/api'
import ExportDialog from './ExportDialog.vue'

function mountDialog(props: { text: string | null; error?: ApiError | null; save?: () => Promise<{ saved: boolean; path: string }> }) {
  const Host = defineComponent({
    setup: () => () =>
      h(NMessageProvider, () =>
        h(
          ExportDialog,
          { show: true, title: 'Export etl', fileName: 'etl.tf', testid: 'x', textTestid: 'x-text', save: vi.fn(), ...props },
          () => h('p', { class: 'formats' }, 'Terraform'),
        ),
      ),
  })
  return mount(Host, { attachTo: document.body })
}
const q = (sel: string) => document.querySelector<HTMLElement>(sel)

describe('ExportDialog', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('shows the caller’s format choice and the exported text, and says where Save… wrote it', async () => {
    const save = vi.fn(async () => ({ saved: true, path: '/home/me/etl.tf' }))
    const w = mountDialog({ text: 'resource "databricks_cluster" "etl" {}', save })
    await flushPromises()
    expect(q('.formats')?.textContent).toBe('Terraform')
    expect(q('[data-testid="x-text"] textarea')).toHaveProperty('value', 'resource "databricks_cluster" "etl" {}')
    q('[data-testid="x-save"]')!.click()
    await flushPromises()
    expect(save).toHaveBeenCalledTimes(1)
    expect(document.body.textContent).toContain('Saved to /home/me/etl.tf')
    w.unmount()
  })

  it('says so when nothing was saved, and shows a failed save as an error', async () => {
    const save = vi.fn(async () => ({ saved: false, path: '' }))
    const w = mountDialog({ text: '{}', save })
    await flushPromises()
    q('[data-testid="x-save"]')!.click()
    await flushPromises()
    expect(document.body.textContent).toContain('Not saved to a file')
    save.mockRejectedValueOnce({ code: 'IO', message: 'The file could not be written.', hint: 'Pick another folder.' })
    q('[data-testid="x-save"]')!.click()
    await flushPromises()
    expect(q('[data-testid="action-error"]')?.textContent).toContain('The file could not be written.')
    w.unmount()
  })

  it('shows why there is no text, with nothing to copy or save', async () => {
    const error = new ApiError({ code: 'NOT_FOUND', message: 'The pool no longer exists.', hint: '' })
    const w = mountDialog({ text: null, error })
    await flushPromises()
    expect(q('[data-testid="action-error"]')?.textContent).toContain('The pool no longer exists.')
    expect(q('[data-testid="x-text"]')).toBeNull()
    expect(q('[data-testid="x-save"]')?.hasAttribute('disabled')).toBe(true)
    w.unmount()
  })
})
