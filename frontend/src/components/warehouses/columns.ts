// The Warehouses page's columns: plain elements in the cells (a kit
// component per cell made long tables slow), names drawn as untrusted text.
import type { DataTableColumns } from 'naive-ui'
import { h, type VNode } from 'vue'
import type { WarehouseRow } from '@/api/warehouses'
import { dbuRateText, dollarsText } from '@/lib/number'
import { plural } from '@/lib/plural'
import { shownText } from '@/lib/text'

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

const cell = (lines: Array<string | VNode>, cls = '') => h('div', { class: `cell ${cls}` }, lines)
const sub = (text: string) => h('span', { class: 'sub' }, text)

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

export interface ColumnHooks {
  live: () => boolean
  offlineReason: string
  act: (w: WarehouseRow, a: WarehouseAction) => void
  /** The address of the warehouse's own page. */
  href: (w: WarehouseRow) => string
}

export function warehouseColumns(hooks: ColumnHooks): DataTableColumns<WarehouseRow> {
  const btn = (w: WarehouseRow, a: WarehouseAction, label: string) => {
    const { enabled, title } = actionState(w, a, hooks.live(), hooks.offlineReason)
    return h(
      'button',
      { type: 'button', class: 'row-btn', disabled: !enabled, title, 'data-testid': `warehouse-${a}`, onClick: () => hooks.act(w, a) },
      label,
    )
  }
  return [
    {
      title: 'Name',
      key: 'name',
      minWidth: 170,
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (w) =>
        cell([
          h('a', { class: 'name link', href: hooks.href(w), title: `Open ${w.name}: configuration, queries, load, permissions`, 'data-testid': 'warehouse-open' },
            shownText(w.name)),
          h('span', { class: 'sub mono clip', title: w.id }, w.id),
        ]),
    },
    {
      title: 'State',
      key: 'state',
      width: 86,
      sorter: (a, b) => a.state.localeCompare(b.state),
      render: (w) => {
        const t = stateTags[w.state] ?? { label: w.state || 'Unknown', type: 'default' as const }
        const health = w.health && w.health !== 'HEALTHY' ? sub(w.healthMessage || w.health.toLowerCase()) : null
        return cell(health ? [h('span', { class: `state ${t.type}` }, t.label), health] : [h('span', { class: `state ${t.type}` }, t.label)])
      },
    },
    {
      title: 'Type',
      key: 'kind',
      width: 110,
      sorter: (a, b) => a.kind.localeCompare(b.kind),
      render: (w) =>
        cell([kinds[w.kind] ?? w.kind, sub([w.photon ? 'Photon' : 'no Photon', w.channel === 'preview' ? 'preview' : ''].filter(Boolean).join(' · '))]),
    },
    {
      title: 'Size',
      key: 'size',
      width: 130,
      render: (w) => cell([w.size, h('span', { class: 'sub', 'data-testid': 'warehouse-clusters' }, clustersText(w))]),
    },
    {
      title: '$/h (est.)',
      key: 'cost',
      width: 100,
      sorter: (a, b) => (a.cost?.dollarsPerHour ?? -1) - (b.cost?.dollarsPerHour ?? -1) || (a.cost?.dbusPerHour ?? -1) - (b.cost?.dbusPerHour ?? -1),
      render: (w) => {
        const t = costText(w)
        return h('div', { class: 'cell num', title: t.title, 'data-testid': 'warehouse-cost' }, t.sub ? [t.main, sub(t.sub)] : [t.main])
      },
    },
    {
      title: 'Auto-stop',
      key: 'autoStopMins',
      width: 110,
      sorter: (a, b) => a.autoStopMins - b.autoStopMins,
      render: (w) => cell([autoStopText(w.autoStopMins), sub(plural(w.activeSessions, 'session') + ' open')]),
    },
    {
      title: 'Creator',
      key: 'creator',
      minWidth: 120,
      render: (w) => h('span', { class: 'clip', title: w.creator }, shownText(w.creator)),
    },
    {
      title: 'Tags',
      key: 'tags',
      minWidth: 110,
      render: (w) => h('div', { class: 'tags' }, Object.entries(w.tags).map(([k, v]) => h('span', { class: 'tag' }, `${shownText(k)}: ${shownText(v)}`))),
    },
    {
      title: '',
      key: 'actions',
      width: 282,
      // Pinned right: at 1,280 px the columns scroll under it.
      fixed: 'right',
      render: (w) =>
        h('div', { class: 'row-actions' }, [
          btn(w, 'start', 'Start'),
          btn(w, 'stop', 'Stop'),
          btn(w, 'edit', 'Edit'),
          btn(w, 'export', 'Export'),
          btn(w, 'delete', 'Delete'),
        ]),
    },
  ]
}
