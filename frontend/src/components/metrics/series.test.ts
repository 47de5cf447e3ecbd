import { describe, expect, it } from 'vitest'
import { metricSpec, plotted, skuSpendSpec, skuText, spendSpec, workersSpec } from './series'

describe('metrics series', () => {
  it('draws workers and target as steps with the marks', () => {
    const spec = workersSpec(
      [{ t: 10, current: 2, target: 2 }, { t: 20, current: 2, target: 4 }, { t: 30, current: 4, target: 4 }],
      [{ t: 20, kind: 'resize', label: 'resize 2 → 4' }],
    )
    expect(spec.x).toEqual([10, 20, 30])
    expect(spec.lines[0]).toMatchObject({ label: 'Workers', values: [2, 2, 4], step: true })
    expect(spec.lines[1]).toMatchObject({ label: 'Target', values: [2, 4, 4], dash: true })
    expect(spec.marks).toEqual([{ t: 20, kind: 'resize', label: 'resize 2 → 4' }])
  })

  it('draws a metric as driver, workers mean and a min–max band', () => {
    const spec = metricSpec([60, 120], {
      key: 'cpu_user', label: 'CPU user', unit: '%',
      driver: [10, null], workersMin: [20, 21], workersAvg: [30, 31], workersMax: [40, 41],
    })
    expect(spec.lines.map((l) => l.label)).toEqual(['Driver', 'Workers (mean)', 'Workers max', 'Workers min'])
    expect(spec.bands).toEqual([{ upper: 2, lower: 3 }])
    expect(spec.yMax).toBe(100)
    expect(JSON.parse(plotted(spec))).toEqual({
      points: 2, x: [60, 120], marks: [],
      lines: { Driver: [10, null], 'Workers (mean)': [30, 31], 'Workers max': [40, 41], 'Workers min': [20, 21] },
    })
  })

  it('keeps only the count of a large chart in its test summary', () => {
    const x = Array.from({ length: 3000 }, (_, i) => i)
    const s = JSON.parse(plotted({ x, lines: [{ label: 'a', values: x }] }))
    expect(s.points).toBe(3000)
    expect(s.lines.a).toEqual([])
  })
})

describe('cost text', () => {
  it('writes dollars with two decimals and names every SKU', async () => {
    const { SKU_LABELS } = await import('./series')
    const { dollarsText } = await import('@/lib/number')
    expect(dollarsText(2.479)).toBe('$2.48')
    expect(Object.keys(SKU_LABELS)).toEqual(['ALL_PURPOSE_COMPUTE', 'ALL_PURPOSE_COMPUTE_(PHOTON)', 'JOBS_COMPUTE', 'JOBS_COMPUTE_(PHOTON)'])
  })

  it('draws spend per day as bars, and a workspace split by SKU with the total', () => {
    const s = { x: [0, 86400], dbus: [3, 5], dollars: [1.5, 2.5],
      bySku: [{ sku: 'PREMIUM_ALL_PURPOSE_COMPUTE', dbus: [2, 5], dollars: [1, 2.5] }, { sku: 'PREMIUM_JOBS_COMPUTE', dbus: [1, 0], dollars: [0.5, 0] }] }
    expect(spendSpec(s, 'dollars').lines).toEqual([{ label: '$', values: [1.5, 2.5], bars: true }])
    expect(spendSpec(s, 'dbus').unit).toBe('DBU')
    const ws = skuSpendSpec(s, 'dbus')
    expect(ws.lines.map((l) => l.label)).toEqual(['Total', 'All purpose compute (premium)', 'Jobs compute (premium)'])
    expect(ws.lines[0]?.values).toEqual([3, 5])
  })

  it('says SKU names in words', () => {
    expect(skuText('PREMIUM_JOBS_COMPUTE_(PHOTON)')).toBe('Jobs compute, Photon (premium)')
    expect(skuText('STANDARD_ALL_PURPOSE_COMPUTE')).toBe('All purpose compute (standard)')
    expect(skuText('JOBS_COMPUTE')).toBe('Jobs compute')
    expect(skuText('PREMIUM_SERVERLESS_SQL_COMPUTE')).toBe('Serverless SQL compute (premium)')
  })
})
