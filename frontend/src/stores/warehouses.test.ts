import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({ list: vi.fn() }))
vi.mock('@/api/warehouses', () => ({ warehousesApi: api }))

import { useWarehousesStore } from './warehouses'

describe('warehouses store', () => {
  // A frame is a timer here, so a test's after-paint marks are in before the next test.
  const frame = () => new Promise((r) => setTimeout(r, 0))
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(() => fn(0), 0))
    performance.clearMarks()
  })
  afterEach(async () => {
    await frame()
    await frame()
    vi.unstubAllGlobals()
  })

  it('lists the watched workspace through the warehouses API', async () => {
    api.list.mockResolvedValue({ cache: { workspaceId: 'demo' }, live: true, changing: false, nextPollSec: 30, warehouses: [{ id: 'w1', name: 'BI' }] })
    const store = useWarehousesStore()
    await store.watch('demo')
    expect(api.list).toHaveBeenCalledWith('demo')
    expect(store.list?.warehouses.map((w) => w.name)).toEqual(['BI'])
    store.stop()
  })

  it('marks each Watch and, once painted, its first rows (the scale benchmark reads both)', async () => {
    api.list.mockResolvedValue({ cache: { workspaceId: 'demo' }, live: true, changing: false, nextPollSec: 30, warehouses: [{ id: 'w1', name: 'BI' }] })
    const marks = () => performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('warehouses:'))
    const store = useWarehousesStore()
    await store.watch('demo')
    await vi.waitFor(() => expect(marks()).toEqual(['warehouses:watch', 'warehouses:first-rows']))
    // Watched again: its rows are already shown, and painted once more.
    await store.watch('demo')
    await vi.waitFor(() => expect(marks()).toEqual(['warehouses:watch', 'warehouses:first-rows', 'warehouses:watch', 'warehouses:first-rows']))
    store.stop()
  })
})
