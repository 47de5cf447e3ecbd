import { describe, expect, it } from 'vitest'
import { loadSpec } from './loadSpec'

const points = [
  { at: '2026-11-28T09:00:00Z', running: 2, queued: 0, clusters: 1 },
  { at: '2026-11-28T09:05:00Z', running: 5, queued: 3, clusters: 2 },
]

describe('loadSpec', () => {
  it('plots running and queued queries and the clusters by seconds', () => {
    const s = loadSpec(points, true)
    expect(s.x).toEqual([Date.parse(points[0]!.at) / 1000, Date.parse(points[1]!.at) / 1000])
    expect(s.lines.map((l) => l.label)).toEqual(['Running queries', 'Queued queries', 'Clusters'])
    expect(s.lines[0]!.values).toEqual([2, 5])
    expect(s.lines[1]!.values).toEqual([0, 3])
    expect(s.lines[2]!.values).toEqual([1, 2])
    expect(s.yMin).toBe(0)
  })
  it('leaves the clusters out when they are not known', () => {
    expect(loadSpec(points, false).lines.map((l) => l.label)).toEqual(['Running queries', 'Queued queries'])
  })
  it('draws nothing from no points', () => {
    expect(loadSpec([], true).x).toEqual([])
  })
})
