import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({ list: vi.fn() }))
vi.mock('@/api/warehouses', () => ({ warehousesApi: api }))

import { useWarehousesStore } from './warehouses'

describe('warehouses store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
  })

  it('lists the watched workspace through the warehouses API', async () => {
    api.list.mockResolvedValue({ cache: { workspaceId: 'demo' }, live: true, changing: false, nextPollSec: 30, warehouses: [{ id: 'w1', name: 'BI' }] })
    const store = useWarehousesStore()
    await store.watch('demo')
    expect(api.list).toHaveBeenCalledWith('demo')
    expect(store.list?.warehouses.map((w) => w.name)).toEqual(['BI'])
    store.stop()
  })
})
