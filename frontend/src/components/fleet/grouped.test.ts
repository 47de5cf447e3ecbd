import { describe, expect, it } from 'vitest'
import type { FleetPage, FleetRow, FleetTotal } from '@/api'
import { groupedRows, isHead } from './grouped'

const total = (key: string, clusters: number): FleetTotal => ({ key, label: key || '(none)', clusters, dbusPerHour: 1, dollarsPerHour: 1, unpriced: 0 }) as FleetTotal
const row = (id: string, workspace: string, group: string) => ({ id, workspace, group }) as FleetRow
const fleet = {
  rows: [row('a', 'prod', 'cc-1'), row('c', 'dev', 'cc-1'), row('b', 'prod', 'cc-2'), row('j', 'prod', '')],
  groups: [total('cc-1', 2), total('cc-2', 1), total('', 1)],
} as unknown as FleetPage['fleet']

const shape = (rows: ReturnType<typeof groupedRows>) => rows.map((r) => (isHead(r) ? `# ${r.key} (${r.shown}/${r.total.clusters})` : r.id))

describe('the Fleet table, grouped', () => {
  it('puts a heading with its total above each group’s rows', () => {
    expect(shape(groupedRows(fleet, null))).toEqual(['# cc-1 (2/2)', 'a', 'c', '# cc-2 (1/1)', 'b', '#  (1/1)', 'j'])
  })
  it('shows only the workspace or group the user chose', () => {
    expect(shape(groupedRows(fleet, { kind: 'workspace', key: 'dev', label: 'Dev' }))).toEqual(['# cc-1 (1/2)', 'c'])
    expect(shape(groupedRows(fleet, { kind: 'group', key: 'cc-2', label: 'cc-2' }))).toEqual(['# cc-2 (1/1)', 'b'])
  })
})
