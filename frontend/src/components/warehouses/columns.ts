// The Warehouses page's columns, their sort, and what their cells say
// (WarehouseTable.vue draws them, names as untrusted text).
import type { WarehouseRow } from '@/api/warehouses'
import { dbuRateText, dollarsText } from '@/lib/number'
import { plural } from '@/lib/plural'
import type { Sort } from '@/lib/sort'

/** A row's buttons: the state's actions (backend/warehouses/actions.go), and export, which only reads. */
export type WarehouseAction = 'start' | 'stop' | 'edit' | 'export' | 'delete'

export const stateTags: Record<string, { label: string; type: 'success' | 'default' | 'error' | 'warning' }> = {
  RUNNING: { label: 'Running', type: 'success' },
  STARTING: { label: 'Starting', type: 'warning' },
  STOPPING: { label: 'Stopping', type: 'warning' },
  STOPPED: { label: 'Stopped', type: 'default' },
  DELETING: { label: 'Deleting', type: 'error' },
  DELETED: { label: 'Deleted', type: 'error' },
}
export const kinds: Record<string, string> = { serverless: 'Serverless', pro: 'Pro', classic: 'Classic' }

/** What auto-stop says, short enough for one line: never, or the idle minutes. */
export function autoStopText(mins: number): string {
  return mins > 0 ? `${mins} min idle` : 'never'
}

/** Clusters running and the scaling range, e.g. "2 of 1–4 clusters". */
export function clustersText(w: Pick<WarehouseRow, 'clusters' | 'minClusters' | 'maxClusters'>): string {
  const range = w.minClusters === w.maxClusters ? `${w.maxClusters}` : `${w.minClusters}–${w.maxClusters}`
  return `${w.clusters} of ${range} ${w.maxClusters === 1 ? 'cluster' : 'clusters'}`
}

/**
 * The cost cell: $/h (or DBU/h without a price for the kind's SKU) while
 * the warehouse bills, "—" when stopped or its size has no rate; the title
 * says it is an estimate and, when stopped, what running at its minimum
 * would cost.
 */
export function costText(w: Pick<WarehouseRow, 'state' | 'size' | 'minClusters' | 'cost'>): { main: string; sub: string; title: string } {
  const c = w.cost
  if (!c) return { main: '—', sub: '', title: `No DBU rate for size ${w.size || '(none)'} in the DBU rate table: no estimate.` }
  const min = Math.max(w.minClusters, 1)
  const atMin = c.priced ? `${dollarsText(c.atMinDollarsPerHour)}/h (${dbuRateText(c.atMinDbusPerHour)})` : dbuRateText(c.atMinDbusPerHour)
  if (c.clusters === 0) {
    return { main: '—', sub: '', title: `Not running: costs nothing now. Running at its minimum of ${plural(min, 'cluster')}: ≈ ${atMin}, an estimate.` }
  }
  const perCluster = `${plural(c.clusters, 'cluster')} × ${w.size}`
  if (!c.priced) {
    return { main: `${c.dbusPerHour.toFixed(1)} DBU/h`, sub: 'no price set', title: `Estimate: ${perCluster}. No price per DBU is set for this kind of warehouse (Settings › Prices per DBU).` }
  }
  return { main: dollarsText(c.dollarsPerHour), sub: dbuRateText(c.dbusPerHour), title: `Estimate: ${perCluster}, ${dbuRateText(c.dbusPerHour)} at your price per DBU.` }
}

const verbs: Record<WarehouseAction, string> = { start: 'start', stop: 'stop', edit: 'be edited', export: 'be exported', delete: 'be deleted' }

/**
 * Whether a row's button works now, and if not, why (its title): every
 * button needs the workspace to answer; export is offered in every state
 * (it only reads), the others when the state's actions have them.
 */
export function actionState(w: Pick<WarehouseRow, 'state' | 'actions'>, a: WarehouseAction, live: boolean, offlineReason: string): { enabled: boolean; title?: string } {
  if (!live) return { enabled: false, title: offlineReason }
  if (a === 'export' || w.actions.includes(a)) return { enabled: true }
  return { enabled: false, title: `A ${w.state.toLowerCase()} warehouse cannot ${verbs[a]} now.` }
}

export type WarehouseColumnId = 'name' | 'state' | 'kind' | 'size' | 'cost' | 'autoStopMins' | 'creator' | 'tags'
/** A sort by a column, or '' for the list's own order. */
export type WarehouseSortKey = WarehouseColumnId | ''
export type WarehouseSort = Sort<WarehouseSortKey>
export const listOrder: Readonly<WarehouseSort> = Object.freeze({ key: '', order: 'ascend' })

type Compare = (a: WarehouseRow, b: WarehouseRow) => number
export interface WarehouseColumn {
  id: WarehouseColumnId
  title: string
  /** Its width in px; a column that grows takes its share of the room a wide window leaves. */
  width: number
  grows?: boolean
  compare?: Compare
}

const costOrder: Compare = (a, b) =>
  (a.cost?.dollarsPerHour ?? -1) - (b.cost?.dollarsPerHour ?? -1) || (a.cost?.dbusPerHour ?? -1) - (b.cost?.dbusPerHour ?? -1)

/** The table's columns, in order, and the row buttons' column (actionsWidth) after them. */
export const warehouseColumns: readonly WarehouseColumn[] = [
  { id: 'name', title: 'Name', width: 170, grows: true, compare: (a, b) => a.name.localeCompare(b.name) },
  { id: 'state', title: 'State', width: 86, compare: (a, b) => a.state.localeCompare(b.state) },
  { id: 'kind', title: 'Type', width: 110, compare: (a, b) => a.kind.localeCompare(b.kind) },
  { id: 'size', title: 'Size', width: 130 },
  { id: 'cost', title: '$/h (est.)', width: 100, compare: costOrder },
  { id: 'autoStopMins', title: 'Auto-stop', width: 110, compare: (a, b) => a.autoStopMins - b.autoStopMins },
  { id: 'creator', title: 'Creator', width: 120, grows: true },
  { id: 'tags', title: 'Tags', width: 110, grows: true },
]
/** The row buttons' column, pinned right: at 1,280 px the columns scroll under it. */
export const actionsWidth = 282
export const rowActions: ReadonlyArray<[WarehouseAction, string]> = [
  ['start', 'Start'],
  ['stop', 'Stop'],
  ['edit', 'Edit'],
  ['export', 'Export'],
  ['delete', 'Delete'],
]

/**
 * The rows in the sort's order (a stable sort: equal rows keep the list's
 * order); the list's own order when the sort is '' or names a column that
 * does not sort.
 */
export function sortWarehouses<T extends WarehouseRow>(rows: T[], sort: WarehouseSort): T[] {
  const compare = warehouseColumns.find((c) => c.id === sort.key)?.compare
  if (!compare) return rows
  const dir = sort.order === 'ascend' ? 1 : -1
  return [...rows].sort((a, b) => compare(a, b) * dir)
}

/** What the type cell's second line says: Photon or not, and the preview channel. */
export function kindSubText(w: Pick<WarehouseRow, 'photon' | 'channel'>): string {
  return [w.photon ? 'Photon' : 'no Photon', w.channel === 'preview' ? 'preview' : ''].filter(Boolean).join(' · ')
}

/** The state cell's second line: the health when it is not healthy, else nothing. */
export function healthText(w: Pick<WarehouseRow, 'health' | 'healthMessage'>): string {
  return w.health && w.health !== 'HEALTHY' ? w.healthMessage || w.health.toLowerCase() : ''
}
