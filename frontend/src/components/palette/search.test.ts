import { beforeEach, describe, expect, it } from 'vitest'
import { loadRecent, partsOf, prepare, remember, search, type PaletteItem } from './search'

const item = (id: string, kind: PaletteItem['kind'], label: string): PaletteItem => ({ id, kind, label, run: () => undefined })
const clusters = Array.from({ length: 10_000 }, (_, i) => item(`c${i}`, 'cluster', `analytics-cluster-${i}`))
const list = prepare([item('p:compute', 'page', 'Compute'), item('p:fleet', 'page', 'Fleet'), item('w:demo', 'workspace', 'Demo workspace'), ...clusters])

describe('the command palette', () => {
  beforeEach(() => localStorage.clear())

  it('matches the typed letters in order, anywhere, and marks them', () => {
    const found = search(list, 'dmw', [])
    expect(found[0]!.item.id).toBe('w:demo')
    expect(found[0]!.parts).toEqual([
      { text: 'D', hit: true }, { text: 'e', hit: false }, { text: 'm', hit: true }, { text: 'o ', hit: false },
      { text: 'w', hit: true }, { text: 'orkspace', hit: false },
    ])
  })

  it('finds one cluster of 10,000 by a few of its letters, and stops at the limit', () => {
    expect(search(list, 'analytics-cluster-9999', [])[0]!.item.id).toBe('c9999')
    expect(search(list, 'analytics', [], 50)).toHaveLength(50)
  })

  it('puts a page before a cluster that matches as well', () => {
    expect(search(prepare([item('c1', 'cluster', 'fleet'), item('p:fleet', 'page', 'Fleet')]), 'fleet', [])[0]!.item.id).toBe('p:fleet')
  })

  it('opens on the recent choices, newest first, then the pages', () => {
    remember('c42')
    remember('c7')
    expect(loadRecent()).toEqual(['c7', 'c42'])
    expect(search(list, '', loadRecent()).map((f) => f.item.id).slice(0, 4)).toEqual(['c7', 'c42', 'p:compute', 'p:fleet'])
  })

  it('cuts a label into runs', () => {
    expect(partsOf('abc', [])).toEqual([{ text: 'abc', hit: false }])
    expect(partsOf('abc', [0, 1, 2])).toEqual([{ text: 'abc', hit: true }])
  })
})

describe('a one-letter query', () => {
  it('scores a bounded number of labels, pages first', () => {
    const found = search(list, 'f', [], 50)
    expect(found[0]!.item.id).toBe('p:fleet')
    expect(found.length).toBeLessThanOrEqual(50)
  })
})
