// What each cell of the clusters table shows. Cells are plain elements, not a
// component each: a search or scroll step mounts every row it brings on
// screen. Which columns show, in what order and how wide is the user's choice
// (useColumnPrefs); names and tags are untrusted, so all of it is text.
import { ExternalLink, Pinned } from '@vicons/tabler'
import { h, type Component, type FunctionalComponent, type VNodeChild } from 'vue'
import type { ClusterRow } from '@/api'
import type { ColumnId } from '@/clusters/columns'
import { dbuRateText, dollarsText } from '@/lib/number'
import { shownText } from '@/lib/text'
import { bareBadge } from './StateBadge.vue'
import './clusterCells.css'

// Columns of one line of text: the cell holds the text itself, cut with CSS
// and whole in its title (given on hover), so a row has fewer elements to
// make and lay out.
// (The kit's ellipsis tooltips measured every cell as it rendered: most of a
// scroll step's time at 10,000 rows.)
type TextColumn = 'workers' | 'runtime' | 'creator' | 'driverType' | 'accessMode'
const texts: Record<TextColumn, (r: ClusterRow) => string> = {
  workers: (r) => r.workers,
  runtime: (r) => r.runtime,
  creator: (r) => r.creator,
  driverType: (r) => r.driverType,
  accessMode: (r) => r.accessModeLabel,
}

/** The text of a text column's cell; undefined for the others. */
export const textOf = (id: ColumnId) => (id in texts ? texts[id as TextColumn] : undefined)

function tags(r: ClusterRow) {
  const entries = r.tags ? Object.entries(r.tags) : []
  if (entries.length === 0) return h('span', { class: 'muted' }, '—')
  const shown = entries.slice(0, 2).map(([k, v]) => h('span', { class: 'tag', title: `${k}=${v}`, 'data-testid': 'tag' }, `${k}: ${v}`))
  if (entries.length > 2) {
    shown.push(h('span', { class: 'more', title: entries.map(([k, v]) => `${k}=${v}`).join('\n') }, `+${entries.length - 2}`))
  }
  return h('span', { class: 'tags' }, shown)
}

function cost(r: ClusterRow) {
  if (!r.cost) return h('span', { class: 'muted', title: 'Not running: it costs nothing per hour now.' }, '—')
  if (!r.cost.priced) {
    return h('span', { class: 'clip muted num', 'data-testid': 'row-cost', title: `${dbuRateText(r.cost.dbusPerHour)}: no price per DBU set for this workspace (Settings → Prices per DBU). Estimate.` }, `${r.cost.dbusPerHour.toFixed(1)} DBU`)
  }
  return h('span', { class: 'clip num', 'data-testid': 'row-cost', title: `Estimate: ${dbuRateText(r.cost.dbusPerHour)} at this workspace's price per DBU` }, `≈ ${dollarsText(r.cost.dollarsPerHour)}`)
}

// A row's icon is its SVG in a plain element sized by CSS: the kit's icon
// merges its theme for each one it mounts, 1.3 ms of a search that brings
// the pinned rows back on screen.
const icon = (svg: Component, cls: string, label?: string) =>
  h('i', label ? { class: `icon ${cls}`, role: 'img', title: label, 'aria-label': label } : { class: `icon ${cls}`, 'aria-hidden': 'true' }, [h(svg)])

/** What a row's links do: the table's page decides. */
export interface CellActions {
  href: (r: ClusterRow) => string
  open: (r: ClusterRow) => void
  openRun: (r: ClusterRow) => void
}

/** The component that renders one non-text cell, for a table's links. */
export function clusterCells(on: CellActions): FunctionalComponent<{ col: ColumnId; row: ClusterRow }> {
  const cells: Record<Exclude<ColumnId, TextColumn>, (r: ClusterRow) => VNodeChild> = {
    name: (r) => {
      const name = h('a', {
        class: 'name', href: on.href(r), // its title comes as the pointer does (ClusterTable)
        'data-testid': 'cluster-name', onClick: (e: MouseEvent) => { e.preventDefault(); on.open(r) },
      }, [r.pinned ? icon(Pinned, 'pin', 'Pinned') : null, h('span', { class: 'clip bidi', title: shownText(r.name) }, shownText(r.name))])
      if (!r.jobRun) return name
      // Job compute: the run that owns it, in the workspace's web app.
      const run = h('a', {
        class: 'run', href: '#', title: `Open run ${r.jobRun.runId} of job ${r.jobRun.jobId} in the workspace`,
        'aria-label': `Open the run of ${r.name}`,
        'data-testid': 'job-run-link', onClick: (e: MouseEvent) => { e.preventDefault(); on.openRun(r) },
      }, [icon(ExternalLink, 'external')])
      // The link goes first: a long job name is cut at the column's edge.
      return h('span', { class: 'name-cell' }, [run, name])
    },
    state: (r) => bareBadge(r.state, r.termination),
    tags,
    cost,
    dbus: (r) => (r.cost ? h('span', { class: 'clip num', title: 'Estimate from the DBU rate table' }, dbuRateText(r.cost.dbusPerHour)) : h('span', { class: 'muted' }, '—')),
  }
  // Defined once per table, so Vue patches cells in place.
  const Cell: FunctionalComponent<{ col: ColumnId; row: ClusterRow }> = (p) => cells[p.col as Exclude<ColumnId, TextColumn>](p.row)
  Cell.props = ['col', 'row']
  return Cell
}
