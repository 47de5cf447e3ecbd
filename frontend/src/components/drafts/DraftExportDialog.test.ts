import { flushPromises, mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'

const api = vi.hoisted(() => ({ exportText: vi.fn(), saveExport: vi.fn() }))
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), draftsApi: api }))

import DraftExportDialog from './DraftExportDialog.vue'

// The dialog renders when show turns true (it exports on opening).
async function openDialog() {
  const show = ref(false)
  const Host = defineComponent({
    setup: () => () => h(NMessageProvider, () => h(DraftExportDialog, { show: show.value, ids: ['d1'] })),
  })
  const w = mount(Host, { attachTo: document.body })
  show.value = true
  await flushPromises()
  return w
}

describe('DraftExportDialog', () => {
  beforeEach(() => vi.resetAllMocks())

  it('says what the format left out', async () => {
    api.exportText.mockResolvedValue({
      format: 'json',
      fileName: 'etl.json',
      content: '{}',
      warnings: ['"etl": 1 library was left out: install it through the Libraries API.'],
    })
    const w = await openDialog()
    const box = document.querySelector('[data-testid="export-warnings"]')
    expect(box?.textContent).toContain('1 library was left out')
    expect(api.exportText).toHaveBeenCalledWith('json', ['d1'])
    w.unmount()
  })

  it('shows no warning box when nothing was left out', async () => {
    api.exportText.mockResolvedValue({ format: 'json', fileName: 'etl.json', content: '{}', warnings: [] })
    const w = await openDialog()
    expect(document.querySelector('[data-testid="export-text"]')).not.toBeNull()
    expect(document.querySelector('[data-testid="export-warnings"]')).toBeNull()
    w.unmount()
  })

  it('offers a complete databricks.yml beside the bare resources', async () => {
    api.exportText.mockResolvedValue({ format: 'json', fileName: 'etl.json', content: '{}', warnings: [] })
    const w = await openDialog()
    const option = document.querySelector<HTMLElement>('[data-testid="export-bundle-project"]')
    expect(option?.textContent).toContain('databricks.yml')
    expect(document.querySelector('[data-testid="export-format"]')?.textContent).toContain('Bundle resources')
    api.exportText.mockResolvedValue({
      format: 'bundle-project',
      fileName: 'databricks.yml',
      content: 'bundle:\n  name: etl\n',
      warnings: [],
    })
    option?.querySelector('input')?.click()
    await flushPromises()
    expect(api.exportText).toHaveBeenLastCalledWith('bundle-project', ['d1'])
    expect(document.body.textContent).toContain('databricks bundle validate')
    expect(document.querySelector<HTMLTextAreaElement>('[data-testid="export-text"] textarea')?.value).toContain('bundle:')
    w.unmount()
  })
})
