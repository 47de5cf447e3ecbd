import { describe, expect, it } from 'vitest'
import { RowKeys } from './recycle'

describe('RowKeys', () => {
  it.each([
    { name: 'first rows take keys from 0', steps: [['a', 'b', 'c']], want: [0, 1, 2] },
    { name: 'rows still shown keep their keys', steps: [['a', 'b', 'c'], ['c', 'a']], want: [2, 0] },
    { name: 'a row scrolled on takes the key of the one that left', steps: [['a', 'b', 'c'], ['b', 'c', 'd']], want: [1, 2, 0] },
    { name: 'a new search reuses every key', steps: [['a', 'b', 'c'], ['x', 'y', 'z']], want: [0, 1, 2] },
    { name: 'more rows than before take new keys after the freed ones', steps: [['a', 'b'], ['b', 'x', 'y', 'z']], want: [1, 0, 2, 3] },
    { name: 'fewer rows keep theirs', steps: [['a', 'b', 'c', 'd'], ['d']], want: [3] },
    { name: 'keys freed earlier come back', steps: [['a', 'b', 'c', 'd'], ['d'], ['d', 'e', 'f']], want: [3, 0, 1] },
    { name: 'no rows', steps: [['a'], []], want: [] },
  ])('$name', ({ steps, want }) => {
    const k = new RowKeys()
    let got: number[] = []
    for (const ids of steps) got = k.keys(ids)
    expect(got).toEqual(want)
  })

  it('does not hand on the key of a held row that goes, and frees it after', () => {
    const k = new RowKeys()
    k.keys(['a', 'b', 'c'])
    expect(k.keys(['b', 'c', 'd'], 'a')).toEqual([1, 2, 3]) // a held the focus: d gets a key of its own
    expect(k.keys(['c', 'd', 'e'])).toEqual([2, 3, 0]) // a is gone: its key is free again
    expect(k.keys(['c', 'd', 'e'], 'd')).toEqual([2, 3, 0]) // a held row still shown keeps its key
  })

  it('never gives two shown rows one key', () => {
    const k = new RowKeys()
    let seed = 7
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let step = 0; step < 500; step++) {
      const start = Math.floor(rand() * 100)
      const ids = Array.from({ length: 5 + Math.floor(rand() * 20) }, (_, i) => `r${start + i}`)
      const keys = k.keys(ids)
      expect(new Set(keys).size).toBe(ids.length)
      expect(Math.max(...keys)).toBeLessThan(25) // never more keys than the most rows shown at once
    }
  })
})
