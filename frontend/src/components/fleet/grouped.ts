import type { FleetPage, FleetRow, FleetTotal } from '@/api'

/** A group's heading row in the Fleet table: its label, count and cost. */
export interface GroupHead {
  head: true
  key: string
  total: FleetTotal
  /** Its rows left by the focus (the total counts them all). */
  shown: number
}
export type FleetTableRow = FleetRow | GroupHead

export const isHead = (r: FleetTableRow): r is GroupHead => 'head' in r

/** What the table shows: one workspace, or one group of the chosen grouping. */
export type FleetFocus = { kind: 'workspace'; key: string; label: string } | { kind: 'group'; key: string; label: string }

/**
 * The table's rows, grouped as the totals are: a heading per group, then its
 * rows (the backend sends them together, in the groups' order). With a focus
 * only that workspace's or group's rows are left.
 */
export function groupedRows(fleet: FleetPage['fleet'], focus: FleetFocus | null): FleetTableRow[] {
  const keep = (r: FleetRow) => !focus || (focus.kind === 'workspace' ? r.workspace === focus.key : r.group === focus.key)
  const byKey = new Map(fleet.groups.map((g) => [g.key, g]))
  const out: FleetTableRow[] = []
  let head = null as GroupHead | null
  for (const r of fleet.rows) {
    if (!keep(r)) continue
    if (r.group !== head?.key) {
      const total = byKey.get(r.group)
      head = total ? { head: true, key: r.group, total, shown: 0 } : null
      if (head) out.push(head)
    }
    if (head) head.shown++
    out.push(r)
  }
  return out
}
