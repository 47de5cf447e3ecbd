// The spend drawer's "By warehouse" rows: the backend's totals per
// usage_metadata.warehouse_id, named from the workspace's own list of
// warehouses (the picker's); an id the list does not have (deleted since,
// or not visible to the user) is shown as the id.

export interface WarehouseTotal { warehouseId: string; dbus: number; dollars: number }
export interface WarehouseSpendRow { id: string; name: string | null; dbus: number; dollars: number; share: number }

/** Rows in the backend's order (most $ first), each with its name (null: unknown) and its share of the warehouses' $ (or DBUs, unpriced). */
export function warehouseSpendRows(totals: readonly WarehouseTotal[], known: ReadonlyArray<{ id: string; name: string }>): WarehouseSpendRow[] {
  const names = new Map(known.map((w) => [w.id, w.name]))
  const dollars = totals.reduce((s, t) => s + t.dollars, 0)
  const dbus = totals.reduce((s, t) => s + t.dbus, 0)
  return totals.map((t) => ({
    id: t.warehouseId,
    name: names.get(t.warehouseId) ?? null,
    dbus: t.dbus,
    dollars: t.dollars,
    share: dollars > 0 ? t.dollars / dollars : dbus > 0 ? t.dbus / dbus : 0,
  }))
}
