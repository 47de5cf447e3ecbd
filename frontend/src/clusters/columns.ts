// Which columns the compute list shows, in what order and how wide: the
// user's choice, kept in localStorage like the theme (the Linux window's
// WebKitGTK keeps it across restarts in $XDG_DATA_HOME/clusterdeck/localstorage:
// TestDesktopSmokeKeepsThemeAcrossRestart). Plain functions over
// a small value, so every rule here is unit tested; useColumnPrefs shares
// one reactive copy between the table and its Columns menu.
import { shallowRef, type Ref } from 'vue'
import type { SortKey } from './filter'

export type ColumnId = SortKey

export interface ColumnDef {
  id: ColumnId
  title: string
  /** Width in px until the user drags it. */
  width: number
  minWidth: number
  shownByDefault: boolean
  /** Always shown and always first: the name is the row's link and stays pinned on the left. */
  locked?: boolean
}

export const columnDefs: readonly ColumnDef[] = [
  { id: 'name', title: 'Name', width: 240, minWidth: 140, shownByDefault: true, locked: true },
  { id: 'state', title: 'State', width: 120, minWidth: 96, shownByDefault: true },
  { id: 'workers', title: 'Workers', width: 100, minWidth: 70, shownByDefault: true },
  { id: 'runtime', title: 'Runtime', width: 150, minWidth: 90, shownByDefault: true },
  { id: 'creator', title: 'Creator', width: 162, minWidth: 90, shownByDefault: true },
  { id: 'tags', title: 'Tags', width: 170, minWidth: 90, shownByDefault: true },
  { id: 'cost', title: '$/h', width: 88, minWidth: 70, shownByDefault: true },
  { id: 'dbus', title: 'DBU/h', width: 88, minWidth: 70, shownByDefault: false },
  { id: 'driverType', title: 'Driver type', width: 150, minWidth: 90, shownByDefault: false },
  { id: 'accessMode', title: 'Access mode', width: 160, minWidth: 90, shownByDefault: false },
]

/** The row menu's column, always last and pinned on the right. */
export const actionsWidth = 48
export const maxColumnWidth = 800
/** The clusters table's vertical scroll bar, beside the rows (ClusterTable). */
export const scrollbarWidth = 8
/**
 * The rows' width in a 1,360 px window (the side bar takes 217 px, the
 * page's padding 56 and the scroll bar 8): the default columns must fit in
 * it with no scrolling.
 */
export const fitWidth = 1360 - 217 - 56 - scrollbarWidth

export interface ColumnPrefs {
  /** Every column, in the order shown; the locked name first. */
  order: ColumnId[]
  hidden: ColumnId[]
  /** Widths the user dragged to; the others use their default. */
  widths: Partial<Record<ColumnId, number>>
}

const defs = new Map(columnDefs.map((d) => [d.id, d]))
const isColumn = (v: unknown): v is ColumnId => typeof v === 'string' && defs.has(v as ColumnId)
const lockedFirst = (order: ColumnId[]) => [
  ...order.filter((id) => defs.get(id)?.locked),
  ...order.filter((id) => !defs.get(id)?.locked),
]

export function defaultPrefs(): ColumnPrefs {
  return {
    order: columnDefs.map((d) => d.id),
    hidden: columnDefs.filter((d) => !d.shownByDefault).map((d) => d.id),
    widths: {},
  }
}

/**
 * Prefs from what was stored, whatever it holds: unknown columns and bad
 * widths are dropped, columns added since go last (hidden unless shown by
 * default), and locked ones stay shown first.
 */
export function normalize(raw: unknown): ColumnPrefs {
  const base = defaultPrefs()
  if (!raw || typeof raw !== 'object') return base
  const r = raw as Record<string, unknown>
  const stored = Array.isArray(r.order) ? [...new Set(r.order.filter(isColumn))] : []
  const order = [...stored, ...base.order.filter((id) => !stored.includes(id))]
  const known = new Set(stored)
  const hidden = new Set(Array.isArray(r.hidden) ? r.hidden.filter(isColumn) : [])
  for (const id of base.hidden) if (!known.has(id)) hidden.add(id)
  const widths: ColumnPrefs['widths'] = {}
  if (r.widths && typeof r.widths === 'object') {
    for (const [id, w] of Object.entries(r.widths as Record<string, unknown>)) {
      if (isColumn(id) && typeof w === 'number' && Number.isFinite(w)) widths[id] = clampWidth(id, w)
    }
  }
  return { order: lockedFirst(order), hidden: [...hidden].filter((id) => !defs.get(id)?.locked), widths }
}

function clampWidth(id: ColumnId, w: number): number {
  return Math.round(Math.min(maxColumnWidth, Math.max(defs.get(id)!.minWidth, w)))
}

export function widthOf(p: ColumnPrefs, id: ColumnId): number {
  return p.widths[id] ?? defs.get(id)!.width
}

/** The columns shown, in order, with their widths. */
export function shownColumns(p: ColumnPrefs): Array<ColumnDef & { width: number }> {
  return p.order.filter((id) => !p.hidden.includes(id)).map((id) => ({ ...defs.get(id)!, width: widthOf(p, id) }))
}

/** The table's natural width: the shown columns and the row menu. */
export function tableWidth(p: ColumnPrefs): number {
  return shownColumns(p).reduce((sum, c) => sum + c.width, actionsWidth)
}

/**
 * The order in which shown columns give way when the window is too narrow
 * for them all (1,280 px laptops): tags first, then the columns a user reads
 * least often; name, state and $/h always stay. docs/guide.md lists it.
 */
export const giveWayOrder: readonly ColumnId[] = ['tags', 'driverType', 'accessMode', 'dbus', 'runtime', 'creator', 'workers']

/**
 * The shown columns that fit in `available` px beside the row menu, and the
 * ones that gave way for it (in giveWayOrder), so no column hides under the
 * pinned row menu and nothing needs scrolling sideways.
 */
export function fitColumns<C extends { id: ColumnId; width: number }>(cols: C[], available: number): { shown: C[]; gaveWay: ColumnId[] } {
  let shown = cols
  const gaveWay: ColumnId[] = []
  const total = () => shown.reduce((sum, c) => sum + c.width, actionsWidth)
  for (const id of giveWayOrder) {
    if (total() <= available) break
    if (!shown.some((c) => c.id === id)) continue
    shown = shown.filter((c) => c.id !== id)
    gaveWay.push(id)
  }
  return { shown, gaveWay }
}

export function setShown(p: ColumnPrefs, id: ColumnId, shown: boolean): ColumnPrefs {
  if (defs.get(id)?.locked) return p
  const hidden = p.hidden.filter((h) => h !== id)
  return { ...p, hidden: shown ? hidden : [...hidden, id] }
}

/** Moves a column one place earlier (-1) or later (+1); never before the locked name. */
export function move(p: ColumnPrefs, id: ColumnId, by: -1 | 1): ColumnPrefs {
  const i = p.order.indexOf(id)
  const other = p.order[i + by]
  if (i < 0 || other === undefined || defs.get(id)?.locked || defs.get(other)?.locked) return p
  const order = [...p.order]
  order[i] = other
  order[i + by] = id
  return { ...p, order }
}

export function setWidth(p: ColumnPrefs, id: ColumnId, width: number): ColumnPrefs {
  if (!defs.has(id) || !Number.isFinite(width)) return p
  return { ...p, widths: { ...p.widths, [id]: clampWidth(id, width) } }
}

export const storageKey = 'clusterdeck.clusterColumns'

export function loadPrefs(storage: Storage | undefined): ColumnPrefs {
  try {
    return normalize(JSON.parse(storage?.getItem(storageKey) ?? 'null'))
  } catch {
    return defaultPrefs() // unreadable: start over rather than break the list
  }
}

export function savePrefs(storage: Storage | undefined, p: ColumnPrefs): void {
  try {
    storage?.setItem(storageKey, JSON.stringify(p))
  } catch {
    // Storage full or refused: the choice holds until the app closes.
  }
}

// One copy for the table and the Columns menu; read from storage on first use.
const prefs = shallowRef<ColumnPrefs | null>(null)
// The columns the table's width made give way just now (not a preference).
const gaveWay = shallowRef<ColumnId[]>([])

export function useColumnPrefs() {
  if (!prefs.value) prefs.value = loadPrefs(globalThis.localStorage)
  const update = (next: ColumnPrefs) => {
    prefs.value = next
    savePrefs(globalThis.localStorage, next)
  }
  return {
    prefs: prefs as Readonly<Ref<ColumnPrefs>>,
    gaveWay,
    update,
    reset: () => update(defaultPrefs()),
  }
}
