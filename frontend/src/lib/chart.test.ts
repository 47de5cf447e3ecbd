import { describe, expect, it } from 'vitest'
import { chartData, chartPalette, DENSE_POINTS, formatValue, lineWidth, MIN_Y_AXIS, withAlpha, yAxisSize } from './chart'

describe('chart helper', () => {
  it('has distinct light and dark palettes with enough line colours', () => {
    const light = chartPalette(false)
    const dark = chartPalette(true)
    expect(light.grid).not.toBe(dark.grid)
    expect(light.text).not.toBe(dark.text)
    expect(light.lines.length).toBeGreaterThanOrEqual(6)
    expect(new Set(dark.lines).size).toBe(dark.lines.length)
  })

  it('adds an alpha channel to a hex colour', () => {
    expect(withAlpha('#2f5bea', 1)).toBe('#2f5beaff')
    expect(withAlpha('#2f5bea', 0)).toBe('#2f5bea00')
    expect(withAlpha('#2f5bea', 0.5)).toBe('#2f5bea80')
  })

  it('widens the y axis to its widest label, never narrower than the rest', () => {
    expect(yAxisSize([])).toBe(MIN_Y_AXIS)
    expect(yAxisSize([20, 30])).toBe(MIN_Y_AXIS)
    expect(yAxisSize([20, 52.3])).toBe(77) // 53 px of label, tick and gaps
  })

  it('lays the data out as x then one column per line', () => {
    const d = chartData({ x: [1, 2], lines: [{ label: 'a', values: [3, null] }, { label: 'b', values: [5, 6] }] })
    expect(d).toEqual([[1, 2], [3, null], [5, 6]])
  })

  it.each([
    [null, '', '–'],
    [42, '%', '42 %'],
    [3.14159, '', '3.14'],
    [12.34, 'MB/s', '12.3 MB/s'],
    [250.4, '', '250'],
  ])('formats %s %s as %s', (v, unit, want) => {
    expect(formatValue(v as number | null, unit)).toBe(want)
  })
  it('draws dense charts with hairlines and small ones at 1.5 px', () => {
    const chart = (points: number, lines: number) => ({
      x: Array.from({ length: points }, (_, i) => i),
      lines: Array.from({ length: lines }, (_, n) => ({ label: `l${n}`, values: [] })),
    })
    expect(lineWidth(chart(1440, 4))).toBe(1.5)
    expect(lineWidth(chart(DENSE_POINTS / 2, 2))).toBe(1.5)
    expect(lineWidth(chart(10_080, 50))).toBe(1)
  })
})
