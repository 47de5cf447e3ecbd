import { describe, expect, it } from 'vitest'
import { emptyWarehouseFilters, filterWarehouses, filtersActive, warehouseFacets, type WarehouseFilters } from './filter'

const w = (id: string, state: string, kind: string, name = id) => ({ id, name, state, kind, creator: 'a@x.com', size: 'Small' })
const rows = [
  w('1', 'RUNNING', 'serverless', 'Starter'),
  w('2', 'STOPPED', 'classic', 'Classic BI'),
  w('3', 'RUNNING', 'pro', 'Etl'),
  w('4', 'STARTING', 'pro', 'Adhoc'),
]
const ids = (f: Partial<WarehouseFilters>) => filterWarehouses(rows, { ...emptyWarehouseFilters(), ...f }).map((r) => r.id)

describe('filterWarehouses', () => {
  it.each([
    { name: 'no filter keeps every row', f: {}, want: ['1', '2', '3', '4'] },
    { name: 'one state', f: { states: ['RUNNING'] }, want: ['1', '3'] },
    { name: 'several states', f: { states: ['STOPPED', 'STARTING'] }, want: ['2', '4'] },
    { name: 'one type', f: { kinds: ['pro'] }, want: ['3', '4'] },
    { name: 'state and type both hold', f: { states: ['RUNNING'], kinds: ['pro'] }, want: ['3'] },
    { name: 'a state no row has', f: { states: ['DELETING'] }, want: [] },
    { name: 'search with a filter', f: { search: 'ADHOC', kinds: ['pro'] }, want: ['4'] },
    { name: 'every search word must match', f: { search: 'classic bi' }, want: ['2'] },
  ])('$name', ({ f, want }) => {
    expect(ids(f)).toEqual(want)
  })

  it('returns the list itself when nothing filters', () => {
    expect(filterWarehouses(rows, emptyWarehouseFilters('  '))).toBe(rows)
  })
})

describe('warehouseFacets', () => {
  it('offers the states and types the list has, as the table names them, with counts', () => {
    const f = warehouseFacets(rows)
    expect(f.states).toEqual([
      { value: 'RUNNING', label: 'Running (2)' },
      { value: 'STARTING', label: 'Starting (1)' },
      { value: 'STOPPED', label: 'Stopped (1)' },
    ])
    expect(f.kinds).toEqual([
      { value: 'classic', label: 'Classic (1)' },
      { value: 'pro', label: 'Pro (2)' },
      { value: 'serverless', label: 'Serverless (1)' },
    ])
  })
})

describe('filtersActive', () => {
  it('is false only for the empty filters', () => {
    expect(filtersActive(emptyWarehouseFilters(' '))).toBe(false)
    expect(filtersActive({ ...emptyWarehouseFilters(), kinds: ['pro'] })).toBe(true)
  })
})
