import { describe, expect, it } from 'vitest'
import { autoStopText, clustersText } from './columns'

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
