// Chart specs built from what the backend returned, kept pure so unit
// tests (and the browser test's data attribute) see exactly what is drawn.
import type { ChartSpec } from '@/lib/chart'

export interface WorkerPointLike { t: number; current: number; target: number }
export interface MarkLike { t: number; kind: string; label: string }
export interface SeriesLike {
  key: string
  label: string
  unit: string
  driver: (number | null)[]
  workersMin: (number | null)[]
  workersAvg: (number | null)[]
  workersMax: (number | null)[]
}

export const RANGES = [
  { value: '1h', label: '1 h' },
  { value: '6h', label: '6 h' },
  { value: '24h', label: '24 h' },
  { value: '7d', label: '7 days' },
  { value: 'custom', label: 'Custom' },
] as const

/** Current and target workers as steps, with resizes, autoscaling, lost nodes and restarts marked. */
export function workersSpec(points: WorkerPointLike[], marks: MarkLike[]): ChartSpec {
  return {
    x: points.map((p) => p.t),
    lines: [
      { label: 'Workers', values: points.map((p) => p.current), step: true, fill: true },
      { label: 'Target', values: points.map((p) => p.target), step: true, dash: true },
    ],
    marks: marks.map((m) => ({ t: m.t, label: m.label, kind: m.kind })),
    yMin: 0,
    height: 200,
  }
}

/** One metric: the driver, the workers' mean, and their min–max band. */
export function metricSpec(x: number[], s: SeriesLike): ChartSpec {
  const pct = s.unit === '%'
  return {
    x,
    lines: [
      { label: 'Driver', values: s.driver },
      { label: 'Workers (mean)', values: s.workersAvg },
      { label: 'Workers max', values: s.workersMax, dash: true },
      { label: 'Workers min', values: s.workersMin, dash: true },
    ],
    bands: [{ upper: 2, lower: 3 }],
    unit: s.unit,
    yMin: 0,
    yMax: pct ? 100 : undefined,
    height: 180,
  }
}

/** What a chart plots, as the browser test reads it (values only up to a size). */
export function plotted(spec: ChartSpec, limit = 2000): string {
  const full = spec.x.length <= limit
  return JSON.stringify({
    points: spec.x.length,
    x: full ? spec.x : [],
    lines: Object.fromEntries(spec.lines.map((l) => [l.label, full ? l.values : []])),
    marks: (spec.marks ?? []).map((m) => m.kind),
  })
}

/** The SKU families prices are set for, in words. */
export const SKU_LABELS: Record<string, string> = {
  ALL_PURPOSE_COMPUTE: 'all-purpose',
  'ALL_PURPOSE_COMPUTE_(PHOTON)': 'all-purpose, Photon',
  JOBS_COMPUTE: 'jobs',
  'JOBS_COMPUTE_(PHOTON)': 'jobs, Photon',
}

/** What a spend view returns that its charts draw. */
export interface SpendLike {
  x: number[]
  dbus: number[]
  dollars: number[]
  bySku: { sku: string; dbus: number[]; dollars: number[] }[]
}

/** One cluster's daily DBUs or $ as bars. */
export function spendSpec(s: SpendLike, what: 'dbus' | 'dollars'): ChartSpec {
  return {
    x: s.x,
    lines: [{ label: what === 'dbus' ? 'DBUs' : '$', values: s[what], bars: true }],
    unit: what === 'dbus' ? 'DBU' : '$',
    yMin: 0,
    height: 180,
  }
}

/** A workspace's daily DBUs or $ split by SKU, with the total. */
export function skuSpendSpec(s: SpendLike, what: 'dbus' | 'dollars'): ChartSpec {
  return {
    x: s.x,
    lines: [
      { label: 'Total', values: s[what], bars: true },
      ...s.bySku.map((k) => ({ label: skuText(k.sku), values: k[what], step: true })),
    ],
    unit: what === 'dbus' ? 'DBU' : '$',
    yMin: 0,
    height: 220,
  }
}

/** A SKU name in words: "PREMIUM_JOBS_COMPUTE_(PHOTON)" → "Jobs compute, Photon (premium)". */
export function skuText(sku: string): string {
  const m = /^(STANDARD|PREMIUM|ENTERPRISE)_(.*)$/.exec(sku)
  const body = (m ? m[2] : sku) ?? sku
  const photon = body.endsWith('_(PHOTON)')
  const words = body.replace(/_\(PHOTON\)$/, '').toLowerCase().replace(/_/g, ' ')
  const upper = words.replace(/\b(sql|dlt|gpu|ai)\b/g, (w) => w.toUpperCase())
  const text = upper.charAt(0).toUpperCase() + upper.slice(1) + (photon ? ', Photon' : '')
  return m ? `${text} (${m[1]!.toLowerCase()})` : text
}
