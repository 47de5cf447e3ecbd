import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import SpendPanel from './SpendPanel.vue'

const api = vi.hoisted(() => ({ spend: vi.fn(), warehouseSpend: vi.fn() }))
vi.mock('@/api', async (real) => ({ ...(await real<typeof import('@/api')>()), metricsApi: api }))
vi.mock('@/lib/chart', async (real) => ({ ...(await real<typeof import('@/lib/chart')>()), mountChart: vi.fn(() => new Promise(() => {})) }))

const spend = (over: Record<string, unknown> = {}) => ({
  warehouse: 'r', days: ['2026-03-01'], x: [0], dbus: [20], dollars: [11], bySku: [], topClusters: [], byWarehouse: [],
  totalDbus: 20, totalDollars: 11, prices: 'list', pricesNote: '', unpriced: [], rows: 2, statementId: 's', truncated: false, ...over,
})

describe('SpendPanel', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    api.spend.mockReset()
    api.warehouseSpend.mockReset()
  })

  it("splits the workspace's spend by warehouse, named from the list, an unknown id shown as itself", async () => {
    api.spend.mockResolvedValue(spend({ byWarehouse: [{ warehouseId: 'w1', dbus: 15, dollars: 9 }, { warehouseId: 'gone', dbus: 5, dollars: 3 }] }))
    const w = mount(SpendPanel, { props: { workspace: 'demo', clusterId: '', warehouse: 'r', known: [{ id: 'w1', name: 'Starter' }] } })
    await flushPromises()
    expect(api.spend).toHaveBeenCalledWith('demo', '', false)
    const rows = w.findAll('[data-testid="spend-warehouses"] tbody tr')
    expect(rows.map((r) => r.attributes('data-warehouse'))).toEqual(['w1', 'gone'])
    expect(rows[0]!.text()).toContain('Starter')
    expect(rows[0]!.text()).toContain('75%')
    expect(rows[1]!.find('td').text()).toBe('gone')
  })

  it("reads one warehouse's spend by its id, without the workspace's split", async () => {
    api.warehouseSpend.mockResolvedValue(spend({ byWarehouse: [{ warehouseId: 'w1', dbus: 20, dollars: 11 }] }))
    const w = mount(SpendPanel, { props: { workspace: 'demo', clusterId: '', warehouse: 'r', sqlWarehouseId: 'w1' } })
    await flushPromises()
    expect(api.warehouseSpend).toHaveBeenCalledWith('demo', 'w1', false)
    expect(api.spend).not.toHaveBeenCalled()
    expect(w.find('[data-testid="spend-warehouses"]').exists()).toBe(false)
    expect(w.find('[data-testid="spend-total"]').attributes('data-dbus')).toBe('20')
  })
})
