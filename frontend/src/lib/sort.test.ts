import { describe, expect, it } from 'vitest'
import { cycleSort, type Sort } from './sort'

describe('cycleSort', () => {
  const reset: Sort<string> = { key: '', order: 'ascend' }
  it.each([
    ['a new column sorts ascending', { key: '', order: 'ascend' }, 'name', { key: 'name', order: 'ascend' }],
    ['another column starts ascending again', { key: 'state', order: 'descend' }, 'name', { key: 'name', order: 'ascend' }],
    ['a second click sorts descending', { key: 'name', order: 'ascend' }, 'name', { key: 'name', order: 'descend' }],
    ['a third goes back to the reset', { key: 'name', order: 'descend' }, 'name', reset],
  ] as Array<[string, Sort<string>, string, Sort<string>]>)('%s', (_, current, key, want) => {
    expect(cycleSort(current, key, reset)).toEqual(want)
  })
  it('hands back a copy of the reset, not the reset itself', () => {
    expect(cycleSort({ key: 'a', order: 'descend' }, 'a', reset)).not.toBe(reset)
  })
})
