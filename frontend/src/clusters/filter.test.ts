import { describe, expect, it } from 'vitest'
import type { ClusterRow } from '@/api'
import type { ClusterFilters, SortKey, SortState } from './filter'
import { defaultSort, emptyFilters, filterRows, haystack, narrowingFilter, nextSort, sortRows, withHaystack } from './filter'

function row(p: Partial<ClusterRow>): ClusterRow {
  return {
    id: 'id', name: 'n', state: 'RUNNING', transitional: false, kind: 'all-purpose', source: 'UI', driverType: 'D',
    workerType: 'W', workers: '2', workersSort: 2, sparkVersion: '16.4.x-scala2.12', runtime: '16.4 LTS (Scala 2.12)',
    accessMode: 'USER_ISOLATION', accessModeLabel: 'Standard (shared)', creator: 'a@x.com', pinned: false, startTime: 0,
    ...p,
  } as ClusterRow
}

const rows = [
  row({ id: '0101-aaa', name: 'etl-nightly', state: 'TERMINATED', creator: 'me@x.com', tags: { team: 'data-eng' } }),
  row({ id: '0102-bbb', name: 'Shared analytics', pinned: true, workersSort: 8, tags: { team: 'analytics' } }),
  row({ id: '0103-ccc', name: 'ml-gpu', state: 'PENDING', accessModeLabel: 'Dedicated (single user)', runtime: '15.4 LTS ML (GPU, Scala 2.12)' }),
]

describe('filterRows', () => {
  it.each([
    ['name, any case', { search: 'SHARED' }, ['0102-bbb']],
    ['id', { search: '0103' }, ['0103-ccc']],
    ['tag key=value', { search: 'team=data-eng' }, ['0101-aaa']],
    ['tag value', { search: 'analytics' }, ['0102-bbb']],
    ['several words all match', { search: 'ml gpu' }, ['0103-ccc']],
    ['state', { states: ['PENDING', 'TERMINATED'] }, ['0101-aaa', '0103-ccc']],
    ['access mode', { accessModes: ['Dedicated (single user)'] }, ['0103-ccc']],
    ['runtime', { runtimes: ['16.4 LTS (Scala 2.12)'] }, ['0101-aaa', '0102-bbb']],
    ['created by me', { mine: true }, ['0101-aaa']],
    ['nothing matches', { search: 'zzz' }, []],
  ])('%s', (_name, f, want) => {
    expect(filterRows(rows, { ...emptyFilters(), ...f }, 'me@x.com').map((r) => r.id)).toEqual(want)
  })

  it('returns the same array when no filter is set', () => {
    expect(filterRows(rows, emptyFilters(), 'me@x.com')).toBe(rows)
  })
})

describe('withHaystack', () => {
  it('gives a row its search text once, hidden from copies and JSON, and a frozen row works without it', () => {
    const r = row({ id: '0201-abc', name: 'Nightly ETL', tags: { Team: 'Data' } })
    const frozen = Object.freeze(withHaystack(r))
    expect(haystack(frozen)).toBe('nightly etl\n0201-abc\nteam=data team:data')
    expect(Object.keys(frozen)).not.toContain('haystack')
    expect(JSON.stringify(frozen)).toBe(JSON.stringify(r))
    const copy = { ...frozen, name: 'Renamed' }
    expect(haystack(copy)).toContain('renamed') // a copy has none and computes its own
    expect(() => withHaystack(frozen)).not.toThrow() // already frozen: left as it is
    expect(filterRows([frozen, copy], { ...emptyFilters(), search: 'nightly' }, '').map((x) => x.name)).toEqual(['Nightly ETL'])
  })
})

describe('narrowingFilter', () => {
  // 300 rows: names that share prefixes, several teams, two states.
  const many = Array.from({ length: 300 }, (_, i) =>
    row({ id: `id-${i}`, name: `${['analytics', 'anaconda', 'etl'][i % 3]}-${i}`, state: i % 2 ? 'RUNNING' : 'TERMINATED', tags: { team: `t${i % 7}` } }))
  const ids = (rs: ClusterRow[]) => rs.map((r) => r.id)
  const f = (search: string, more: Partial<ClusterFilters> = {}) => ({ ...emptyFilters(), ...more, search })

  it('answers as filterRows does while typing, deleting and changing other filters', () => {
    const narrow = narrowingFilter(4) // a small memory, so answers are also forgotten
    const steps: Array<[string, Partial<ClusterFilters>]> = [
      ['a', {}], ['an', {}], ['ana', {}], ['anal', {}], ['analytics-1', {}], ['analytics-1 t3', {}], ['analytics-1', {}],
      ['anal', {}], ['an', {}], ['', {}], ['an', { states: ['RUNNING'] }], ['ana', { states: ['RUNNING'] }],
      ['an', { states: ['RUNNING'] }], ['an', {}], ['  ANA  ', {}], ['t3 eto', {}], ['etl t3', {}], ['zzz', {}], ['', {}],
    ]
    for (const [search, more] of steps) {
      expect(ids(narrow(many, f(search, more), 'me@x.com')), `"${search}" ${JSON.stringify(more)}`).toEqual(
        ids(filterRows(many, f(search, more), 'me@x.com')))
    }
  })

  it('filters the last answer when the search grows, and gives back the same answer when it shrinks', () => {
    let scanned = 0 // rows the access-mode filter looked at
    const counted = many.map((r) => new Proxy(r, { get: (t, k) => ((k === 'accessModeLabel' && scanned++), Reflect.get(t, k)) }))
    const mode = { accessModes: ['Standard (shared)'] } // every row's: only the search narrows
    const narrow = narrowingFilter()
    const an = narrow(counted, f('an', mode), '')
    expect(scanned).toBe(many.length)
    scanned = 0
    const analytics = narrow(counted, f('analytics', mode), '')
    expect(scanned).toBe(an.length) // not the whole list
    expect(an.length).toBeLessThan(many.length)
    expect(ids(analytics)).toEqual(ids(filterRows(counted, f('analytics', mode), '')))
    scanned = 0
    expect(narrow(counted, f('an', mode), '')).toBe(an)
    expect(scanned).toBe(0)
  })

  it('starts afresh on a new list', () => {
    const narrow = narrowingFilter()
    const before = narrow(many, f('etl'), '')
    const next = [...many, row({ id: 'new', name: 'etl-new' })]
    expect(ids(narrow(next, f('etl'), ''))).toContain('new')
    expect(narrow(next, f('etl'), '')).not.toBe(before)
  })
})

describe('sortRows', () => {
  it('puts pinned clusters first whatever the order', () => {
    expect(sortRows(rows, { key: 'name', order: 'ascend' }).map((r) => r.id)).toEqual(['0102-bbb', '0101-aaa', '0103-ccc'])
    expect(sortRows(rows, { key: 'name', order: 'descend' }).map((r) => r.id)).toEqual(['0102-bbb', '0103-ccc', '0101-aaa'])
  })
  it('sorts states live-first and workers numerically', () => {
    expect(sortRows(rows, { key: 'state', order: 'ascend' }).map((r) => r.state)).toEqual(['RUNNING', 'PENDING', 'TERMINATED'])
    const w = [row({ id: 'a', workersSort: 10 }), row({ id: 'b', workersSort: 9 })]
    expect(sortRows(w, { key: 'workers', order: 'ascend' }).map((r) => r.id)).toEqual(['b', 'a'])
  })

  it('sorts by $/h as numbers, unpriced at $0 and what does not bill below, and by DBU/h', () => {
    const c = [
      row({ id: 'cheap', name: 'a', cost: { dbusPerHour: 9, dollarsPerHour: 2.5, priced: true } }),
      row({ id: 'off', name: 'b', state: 'TERMINATED' }),
      row({ id: 'dear', name: 'c', cost: { dbusPerHour: 4, dollarsPerHour: 10.25, priced: true } }),
      row({ id: 'unpriced', name: 'd', cost: { dbusPerHour: 20, dollarsPerHour: 0, priced: false } }),
    ]
    expect(sortRows(c, { key: 'cost', order: 'descend' }).map((r) => r.id)).toEqual(['dear', 'cheap', 'unpriced', 'off'])
    // Issue 36: with no price per DBU set, $/h shows DBU/h and sorts by it,
    // as numbers ("2.3 DBU" came above "10.0 DBU" descending).
    const dbu = (id: string, d: number) => row({ id, name: id, cost: { dbusPerHour: d, dollarsPerHour: 0, priced: false } })
    const unpriced = [dbu('a-small', 2.3), dbu('b-big', 10), dbu('c-mid', 4.5)]
    expect(sortRows(unpriced, { key: 'cost', order: 'descend' }).map((r) => r.id)).toEqual(['b-big', 'c-mid', 'a-small'])
    expect(sortRows(unpriced, { key: 'cost', order: 'ascend' }).map((r) => r.id)).toEqual(['a-small', 'c-mid', 'b-big'])
    expect(sortRows(c, { key: 'dbus', order: 'descend' }).map((r) => r.id)).toEqual(['unpriced', 'cheap', 'dear', 'off'])
  })

  it('orders numbers inside text by value', () => {
    const rt = [
      row({ id: 'new', sparkVersion: '10.4.x-scala2.12' }),
      row({ id: 'old', sparkVersion: '9.1.x-scala2.12' }),
      row({ id: 'newest', sparkVersion: '16.4.x-scala2.12' }),
    ]
    expect(sortRows(rt, { key: 'runtime', order: 'ascend' }).map((r) => r.id)).toEqual(['old', 'new', 'newest'])
    const names = ['x-10', 'x-9', 'X-2', 'x-09b'].map((name) => row({ id: name, name }))
    expect(sortRows(names, { key: 'name', order: 'ascend' }).map((r) => r.name)).toEqual(['X-2', 'x-9', 'x-09b', 'x-10'])
    expect(sortRows(names, { key: 'creator', order: 'ascend' }).map((r) => r.name)).toEqual(['X-2', 'x-9', 'x-09b', 'x-10'])
  })
})

describe('nextSort', () => {
  it.each([
    { from: { key: 'name', order: 'ascend' }, click: 'state', to: { key: 'state', order: 'ascend' } },
    { from: { key: 'state', order: 'ascend' }, click: 'state', to: { key: 'state', order: 'descend' } },
    { from: { key: 'state', order: 'descend' }, click: 'state', to: { key: 'name', order: 'ascend' } },
    { from: { key: 'name', order: 'ascend' }, click: 'name', to: { key: 'name', order: 'descend' } },
    { from: { key: 'name', order: 'descend' }, click: 'name', to: { key: 'name', order: 'ascend' } },
    { from: { key: 'cost', order: 'descend' }, click: 'tags', to: { key: 'tags', order: 'ascend' } },
  ] as Array<{ from: SortState; click: SortKey; to: SortState }>)('$from.key $from.order, click $click → $to.key $to.order', ({ from, click, to }) => {
    expect(nextSort(from, click)).toEqual(to)
  })

  it('never hands out the default for the caller to change', () => {
    const a = nextSort({ key: 'state', order: 'descend' }, 'state')
    a.order = 'descend'
    expect(defaultSort).toEqual({ key: 'name', order: 'ascend' })
  })
})
