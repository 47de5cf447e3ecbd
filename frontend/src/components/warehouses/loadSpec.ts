// The Load tab's chart, built from the backend's series and kept pure so a
// unit test (and the chart's data-plotted attribute) sees what is drawn.
import type { ChartSpec } from '@/lib/chart'

export interface LoadPointLike {
  at: string // RFC 3339, the interval's start
  running: number
  queued: number
  clusters: number
}

export const LOAD_RANGES = [
  { value: 1, label: '1 h' },
  { value: 24, label: '24 h' },
  { value: 168, label: '7 days' },
] as const

/** Running and queued queries as steps, and the clusters when they are known. */
export function loadSpec(points: LoadPointLike[], clustersKnown: boolean): ChartSpec {
  const x = points.map((p) => Math.floor(Date.parse(p.at) / 1000))
  const lines: ChartSpec['lines'] = [
    { label: 'Running queries', values: points.map((p) => p.running), step: true, fill: true },
    { label: 'Queued queries', values: points.map((p) => p.queued), step: true },
  ]
  if (clustersKnown) lines.push({ label: 'Clusters', values: points.map((p) => p.clusters), step: true, dash: true })
  return { x, lines, yMin: 0, height: 240 }
}
