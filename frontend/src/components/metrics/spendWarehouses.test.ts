import { describe, expect, it } from 'vitest'
import { warehouseSpendRows } from './spendWarehouses'

describe('warehouseSpendRows', () => {
  const known = [{ id: 'w1', name: 'Starter' }, { id: 'w2', name: 'ETL' }]

  it('names each warehouse from the list and keeps the backend order', () => {
    const rows = warehouseSpendRows([{ warehouseId: 'w2', dbus: 30, dollars: 15 }, { warehouseId: 'w1', dbus: 10, dollars: 5 }], known)
    expect(rows).toEqual([
      { id: 'w2', name: 'ETL', dbus: 30, dollars: 15, share: 0.75 },
      { id: 'w1', name: 'Starter', dbus: 10, dollars: 5, share: 0.25 },
    ])
  })

  it('leaves an unknown id unnamed, so the page shows the id', () => {
    const rows = warehouseSpendRows([{ warehouseId: 'gone', dbus: 4, dollars: 2 }], known)
    expect(rows[0]).toMatchObject({ id: 'gone', name: null })
  })

  it('shares by DBUs when nothing is priced, and none of nothing', () => {
    expect(warehouseSpendRows([{ warehouseId: 'w1', dbus: 1, dollars: 0 }, { warehouseId: 'w2', dbus: 3, dollars: 0 }], known).map((r) => r.share)).toEqual([0.25, 0.75])
    expect(warehouseSpendRows([{ warehouseId: 'w1', dbus: 0, dollars: 0 }], known)[0]!.share).toBe(0)
    expect(warehouseSpendRows([], known)).toEqual([])
  })
})
