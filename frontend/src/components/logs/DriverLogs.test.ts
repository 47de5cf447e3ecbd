import { flushPromises, mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { createPinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'

const api = vi.hoisted(() => ({ files: vi.fn(), read: vi.fn(), download: vi.fn() }))
const push = vi.hoisted(() => vi.fn())
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), logsApi: api }))
vi.mock('vue-router', () => ({ useRouter: () => ({ push }) }))

import DriverLogs from './DriverLogs.vue'

const view = (over: Record<string, unknown>) => ({
  configured: true, suggested: 'dbfs:/cluster-logs', destination: 'dbfs:/cluster-logs', storage: 'dbfs',
  directory: 'dbfs:/cluster-logs/c1/driver', lastDelivery: 0, lastException: '', delivered: true,
  note: 'Delivered every 5 minutes.', follow: false, state: 'TERMINATED', files: [], ...over,
})

async function mountTab() {
  const Host = defineComponent({ setup: () => () => h(NMessageProvider, () => h(DriverLogs, { workspace: 'demo', clusterId: 'c1' })) })
  const w = mount(Host, { attachTo: document.body, global: { plugins: [createPinia()] } })
  await flushPromises()
  return w
}

describe('DriverLogs', () => {
  beforeEach(() => vi.resetAllMocks())

  it('without delivery says so and opens the editor with the destination filled in', async () => {
    api.files.mockResolvedValue(view({ configured: false, delivered: false, note: 'Log delivery is off for this compute.' }))
    const w = await mountTab()
    expect(document.querySelector('[data-testid="logs-off"]')?.textContent).toContain('applies at the next restart')
    document.querySelector<HTMLButtonElement>('[data-testid="logs-turn-on"]')?.click()
    expect(push).toHaveBeenCalledWith({ name: 'compute-edit', params: { ws: 'demo', id: 'c1' }, query: { logTo: 'dbfs:/cluster-logs' } })
    expect(api.read).not.toHaveBeenCalled()
    w.unmount()
  })

  it('reads the tail of the first readable file, never a compressed one', async () => {
    api.files.mockResolvedValue(view({ files: [
      { name: 'log4j-2026-11-23-10.log.gz', kind: 'log4j', active: false, size: 10, modified: 0, readable: false },
      { name: 'stderr', kind: 'stderr', active: true, size: 22, modified: 0, readable: true },
    ] }))
    api.read.mockResolvedValue({ file: 'stderr', size: 22, start: 0, end: 22, atStart: true, atEnd: true,
      lines: [{ offset: 0, text: '<b>not html</b>', time: 0, level: '' }] })
    const w = await mountTab()
    expect(api.read).toHaveBeenCalledWith('demo', 'c1', 'stderr', 'tail')
    expect(document.querySelector('[data-testid="logs-lines"]')?.getAttribute('data-count')).toBe('1')
    expect(document.querySelector('[data-testid="logs-delivery"]')?.textContent).toContain('Delivered every 5 minutes.')
    w.unmount()
  })

  it('while following, a rotated file is listed again and read from its new tail', async () => {
    vi.useFakeTimers()
    try {
      const stdout = { name: 'stdout', kind: 'stdout', active: true, size: 22, modified: 0, readable: true }
      api.files.mockResolvedValue(view({ follow: true, state: 'RUNNING', files: [stdout] }))
      const tail = { file: 'stdout', size: 22, start: 0, end: 22, atStart: true, atEnd: true, rotated: false, lines: [{ offset: 0, text: 'a', time: 0, level: '' }] }
      api.read.mockResolvedValueOnce(tail).mockResolvedValueOnce({ ...tail, lines: [], size: 5, start: 5, end: 5, rotated: true }).mockResolvedValue(tail)
      const w = await mountTab()
      expect(api.read).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(5_000)
      await flushPromises()
      expect(api.read).toHaveBeenNthCalledWith(2, 'demo', 'c1', 'stdout', { after: 22 })
      expect(api.read).toHaveBeenNthCalledWith(3, 'demo', 'c1', 'stdout', 'tail')
      expect(api.files).toHaveBeenCalledTimes(2)
      w.unmount()
    } finally {
      vi.useRealTimers()
    }
  })
})
