import { describe, expect, it } from 'vitest'
import type { ClusterRow } from '@/api'
import type { SortKey, SortState } from './filter'
import { sortRows } from './filter'
import { rememberingSort, reverseRuns } from './rememberingSort'

function row(i: number, p: Partial<ClusterRow>): ClusterRow {
  return {
    id: `id-${String(i).padStart(3, '0')}`, name: 'n', state: 'RUNNING', transitional: false, kind: 'all-purpose', source: 'UI',
    driverType: 'D', workerType: 'W', workers: '2', workersSort: 2, sparkVersion: '16.4.x-scala2.12', runtime: '16.4 LTS (Scala 2.12)',
    accessMode: 'USER_ISOLATION', accessModeLabel: 'Standard (shared)', creator: 'a@x.com', pinned: false, startTime: 0,
    ...p,
  } as ClusterRow
}

// Many ties in every column (names, states, workers, costs repeat), some
// pinned, in no particular order: where a flipped run could go wrong.
const states = ['RUNNING', 'TERMINATED', 'PENDING', 'ERROR']
const many = Array.from({ length: 60 }, (_, i) =>
  row(((i * 37) % 60) + 1, {
    name: ['etl', 'ETL', 'x-9', 'x-10', 'Shared', 'etl'][i % 6],
    state: states[i % 4],
    pinned: i % 11 === 0,
    workersSort: i % 3,
    workers: String(i % 3),
    creator: ['a@x.com', 'b@x.com'][i % 2],
    accessModeLabel: ['Standard (shared)', 'Dedicated'][i % 2],
    sparkVersion: ['16.4.x-scala2.12', '9.1.x-scala2.12'][i % 2],
    driverType: ['D', 'E', 'D4'][i % 3],
    tags: i % 4 === 0 ? undefined : { team: ['a', 'b'][i % 2]! },
    cost: i % 5 === 0 ? undefined : { dbusPerHour: i % 4, dollarsPerHour: (i % 3) * 1.5, priced: i % 2 === 0 },
  }),
)
const keys: SortKey[] = ['name', 'state', 'driverType', 'workers', 'runtime', 'accessMode', 'creator', 'tags', 'cost', 'dbus']
const ids = (rows: ClusterRow[]) => rows.map((r) => r.id)

describe('rememberingSort', () => {
  it.each(keys.flatMap((key) => (['ascend', 'descend'] as const).map((order) => ({ key, order }))))(
    'orders as sortRows does: $key $order',
    (sort: SortState) => {
      const sorted = rememberingSort()
      // Each direction asked first and second: computed, and derived from the other.
      const other: SortState = { key: sort.key, order: sort.order === 'ascend' ? 'descend' : 'ascend' }
      expect(ids(sorted(many, sort))).toEqual(ids(sortRows(many, sort)))
      expect(ids(sorted(many, other))).toEqual(ids(sortRows(many, other)))
      const fresh = rememberingSort()
      expect(ids(fresh(many, other))).toEqual(ids(sortRows(many, other)))
      expect(ids(fresh(many, sort))).toEqual(ids(sortRows(many, sort)))
    },
  )

  it('answers again from memory for the same list, and afresh for a new one', () => {
    const sorted = rememberingSort()
    const up = sorted(many, { key: 'state', order: 'ascend' })
    const down = sorted(many, { key: 'state', order: 'descend' })
    expect(sorted(many, { key: 'state', order: 'ascend' })).toBe(up)
    expect(sorted(many, { key: 'state', order: 'descend' })).toBe(down)
    const next = [...many.slice(1), row(99, { name: 'aaa' })]
    const again = sorted(next, { key: 'state', order: 'descend' })
    expect(again).not.toBe(down)
    expect(ids(again)).toEqual(ids(sortRows(next, { key: 'state', order: 'descend' })))
  })

  it.each([
    { name: 'empty', rows: [] as ClusterRow[] },
    { name: 'all pinned', rows: [row(1, { name: 'b', pinned: true }), row(2, { name: 'a', pinned: true }), row(3, { name: 'a', pinned: true })] },
    { name: 'one run', rows: [row(3, { name: 'a' }), row(1, { name: 'a' }), row(2, { name: 'a' })] },
  ])('reverses the runs of $name', ({ rows }) => {
    const up = sortRows(rows, { key: 'name', order: 'ascend' })
    expect(ids(reverseRuns(up, 'name'))).toEqual(ids(sortRows(rows, { key: 'name', order: 'descend' })))
  })
})
