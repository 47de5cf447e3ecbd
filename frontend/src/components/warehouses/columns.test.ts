import { describe, expect, it } from 'vitest'
import type { WarehouseRow } from '@/api/warehouses'
import { actionState, autoStopText, clustersText, costText, healthText, kindSubText, listOrder, sortWarehouses, type WarehouseSort } from './columns'

type CostOf = NonNullable<WarehouseRow['cost']>
const cost = (c: Partial<CostOf>): CostOf =>
  ({ dbusPerHour: 0, dollarsPerHour: 0, priced: false, sku: 'SQL_PRO_COMPUTE', clusters: 0, atMinDbusPerHour: 0, atMinDollarsPerHour: 0, label: '', ...c }) as CostOf
const row = (state: string, c: CostOf | undefined, minClusters = 1) => ({ state, size: 'Medium', minClusters, cost: c }) as WarehouseRow

describe('warehouse columns', () => {
  it.each([
    [0, 'never'],
    [10, '10 min idle'],
    [120, '120 min idle'],
  ])('auto-stop %i reads %s', (mins, want) => {
    expect(autoStopText(mins)).toBe(want)
  })

  it.each([
    [{ clusters: 0, minClusters: 1, maxClusters: 1 }, '0 of 1 cluster'],
    [{ clusters: 2, minClusters: 1, maxClusters: 4 }, '2 of 1–4 clusters'],
    [{ clusters: 3, minClusters: 3, maxClusters: 3 }, '3 of 3 clusters'],
  ])('clusters %o read %s', (w, want) => {
    expect(clustersText(w)).toBe(want)
  })
})

describe('warehouse cost cell', () => {
  const cases: Array<[string, WarehouseRow, { main: string; sub: string; title: RegExp }]> = [
    ['running and priced: $/h, DBU/h under it',
      row('RUNNING', cost({ dbusPerHour: 48, dollarsPerHour: 26.4, priced: true, clusters: 2 })),
      { main: '$26.40', sub: '≈ 48.0 DBU/h', title: /^Estimate: 2 clusters × Medium/ }],
    ['running without a price: DBU/h only',
      row('RUNNING', cost({ dbusPerHour: 24, clusters: 1 })),
      { main: '24.0 DBU/h', sub: 'no price set', title: /No price per DBU/ }],
    ['stopped: a dash, what running would cost in the title',
      row('STOPPED', cost({ priced: true, atMinDbusPerHour: 48, atMinDollarsPerHour: 26.4 }), 2),
      { main: '—', sub: '', title: /costs nothing now.*minimum of 2 clusters: ≈ \$26\.40\/h/ }],
    ['no rate for its size: a dash that says why',
      row('RUNNING', undefined),
      { main: '—', sub: '', title: /No DBU rate for size Medium/ }],
  ]
  it.each(cases)('%s', (_, w, want) => {
    const got = costText(w)
    expect(got.main).toBe(want.main)
    expect(got.sub).toBe(want.sub)
    expect(got.title).toMatch(want.title)
  })
})

describe('warehouse row buttons', () => {
  const w = (state: string, actions: string[]) => ({ state, actions }) as WarehouseRow
  it('follow the state’s actions, saying why a button is off', () => {
    expect(actionState(w('RUNNING', ['stop', 'edit', 'delete']), 'edit', true, 'offline')).toEqual({ enabled: true })
    expect(actionState(w('STARTING', ['stop', 'delete']), 'edit', true, 'offline')).toEqual({
      enabled: false,
      title: 'A starting warehouse cannot be edited now.',
    })
    expect(actionState(w('STOPPED', ['start', 'edit', 'delete']), 'stop', true, 'offline').title).toBe('A stopped warehouse cannot stop now.')
  })
  it('offer export in every state, since it only reads', () => {
    expect(actionState(w('DELETING', []), 'export', true, 'offline')).toEqual({ enabled: true })
  })
  it('are all off while the workspace does not answer', () => {
    expect(actionState(w('RUNNING', ['stop', 'edit', 'delete']), 'export', false, 'offline')).toEqual({ enabled: false, title: 'offline' })
  })
})

describe('sortWarehouses', () => {
  const w = (id: string, name: string, state: string, autoStopMins: number, dollars?: number) =>
    ({ id, name, state, kind: 'pro', autoStopMins, cost: dollars === undefined ? undefined : cost({ dollarsPerHour: dollars }) }) as WarehouseRow
  const rows = [w('a', 'Beta', 'RUNNING', 10, 2), w('b', 'alpha', 'STOPPED', 0), w('c', 'Gamma', 'RUNNING', 45, 1)]
  const ids = (sort: WarehouseSort) => sortWarehouses(rows, sort).map((r) => r.id).join('')
  it.each<[string, WarehouseSort, string]>([
    ['the list order', listOrder, 'abc'],
    ['name ascending, case aside', { key: 'name', order: 'ascend' }, 'bac'],
    ['name descending', { key: 'name', order: 'descend' }, 'cab'],
    ['state, equal rows in the list order', { key: 'state', order: 'ascend' }, 'acb'],
    ['auto-stop descending', { key: 'autoStopMins', order: 'descend' }, 'cab'],
    ['cost, no estimate first', { key: 'cost', order: 'ascend' }, 'bca'],
    ['a column that does not sort keeps the list order', { key: 'size', order: 'descend' }, 'abc'],
  ])('%s', (_, sort, want) => {
    expect(ids(sort)).toBe(want)
  })
  it('leaves the list itself alone', () => {
    sortWarehouses(rows, { key: 'name', order: 'ascend' })
    expect(rows.map((r) => r.id).join('')).toBe('abc')
  })
})

describe('warehouse cells’ second lines', () => {
  it.each([
    [{ photon: true, channel: 'current' }, 'Photon'],
    [{ photon: false, channel: 'preview' }, 'no Photon · preview'],
  ])('type %o reads %s', (w, want) => {
    expect(kindSubText(w)).toBe(want)
  })
  it.each([
    [{ health: 'HEALTHY', healthMessage: '' }, ''],
    [{ health: '', healthMessage: '' }, ''],
    [{ health: 'DEGRADED', healthMessage: '' }, 'degraded'],
    [{ health: 'FAILED', healthMessage: 'No capacity' }, 'No capacity'],
  ])('health %o reads %s', (w, want) => {
    expect(healthText(w)).toBe(want)
  })
})
