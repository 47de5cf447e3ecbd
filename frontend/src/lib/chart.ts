// The one chart helper. It wraps uPlot (small, canvas-based, fast with
// hundreds of thousands of points) and loads it only when a chart is first
// drawn, so the main bundle does not carry it. Callers describe a chart as
// plain data (ChartSpec); nothing else in the app imports uPlot.
import type uPlotType from 'uplot'
import { drawDecimated, pixelColumns } from './decimate'

/** One line; `fill` shades the area under it, `dash` draws it dashed. */
export interface LineSpec {
  label: string
  values: (number | null)[]
  color?: string
  dash?: boolean
  fill?: boolean
  step?: boolean
  bars?: boolean // one bar per x (daily totals)
}

/** A shaded band between two lines (indexes into `lines`), e.g. a min–max range. */
export interface BandSpec {
  upper: number
  lower: number
}

/** A moment marked with a vertical line and a short label (a resize, a restart…). */
export interface MarkSpec {
  t: number // seconds since the epoch
  label: string
  kind?: string
}

export interface ChartSpec {
  x: number[] // seconds since the epoch, ascending
  lines: LineSpec[]
  bands?: BandSpec[]
  marks?: MarkSpec[]
  unit?: string // appended to the y-axis values
  yMin?: number
  yMax?: number
  height?: number
}

export interface ChartPalette {
  axis: string
  grid: string
  text: string
  lines: string[]
  mark: string
}

/** Colours that read on the app's light and dark surfaces (theme.ts). */
export function chartPalette(dark: boolean): ChartPalette {
  return dark
    ? { axis: '#8b93a1', grid: '#262a31', text: '#c9ced6', mark: '#e0a03a',
        lines: ['#6b8cff', '#3fc3a4', '#e0a03a', '#e86a8a', '#b18cff', '#6cc6ff'] }
    : { axis: '#5b6472', grid: '#e6e8ec', text: '#2b313b', mark: '#c27803',
        lines: ['#2f5bea', '#0f9d7a', '#c27803', '#c7365f', '#7c4dd6', '#1b8fd1'] }
}

/** A colour with an alpha channel, for fills and bands. */
export function withAlpha(hex: string, alpha: number): string {
  const a = Math.round(Math.max(0, Math.min(1, alpha)) * 255).toString(16).padStart(2, '0')
  return hex.length === 7 ? hex + a : hex
}

/** The [x, ...lines] table uPlot draws. */
export function chartData(spec: ChartSpec): uPlotType.AlignedData {
  return [spec.x, ...spec.lines.map((l) => l.values)] as uPlotType.AlignedData
}

/** A y value as the axis and legend show it. */
export function formatValue(v: number | null | undefined, unit = ''): string {
  if (v == null || Number.isNaN(v)) return '–'
  const abs = Math.abs(v)
  const text = abs >= 100 || Number.isInteger(v) ? v.toFixed(0) : abs >= 10 ? v.toFixed(1) : v.toFixed(2)
  return unit ? `${text} ${unit}` : text
}

export interface ChartHandle {
  update(spec: ChartSpec): void
  setDark(dark: boolean): void
  resize(width: number): void
  /** Shows only [min, max] of the x axis (seconds), as a pan or zoom does. */
  setRange(min: number, max: number): void
  destroy(): void
}

/**
 * Why a chart is not on screen: its library did not load ('load': the
 * chunk failed, or its module threw as it ran) or the chart failed to draw
 * ('draw'). The cause is kept for the details a user can copy.
 */
export class ChartError extends Error {
  constructor(
    readonly stage: 'load' | 'draw',
    override readonly cause: unknown,
  ) {
    super(`chart ${stage} failed: ${cause instanceof Error ? cause.message : String(cause)}`)
    this.name = 'ChartError'
  }
}

type UPlotCtor = typeof uPlotType
let loading: Promise<UPlotCtor> | null = null

/** Loads uPlot and its stylesheet once, on first use; a failed load is tried again by the next chart. */
function loadUPlot(): Promise<UPlotCtor> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([m]) => {
      // The browser benchmark draws its 500,000 points through this very helper.
      ;(globalThis as { __clusterdeckCharts?: unknown }).__clusterdeckCharts = { mountChart }
      return m.default
    },
    (e: unknown) => {
      loading = null
      throw new ChartError('load', e)
    },
  )
  return loading
}

function drawing<T>(draw: () => T): T {
  try {
    return draw()
  } catch (e) {
    throw new ChartError('draw', e)
  }
}

/** Above this many points a chart draws 1 px lines (see lineWidth). */
export const DENSE_POINTS = 50_000

/**
 * The width of the chart's lines. Anti-aliased lines wider than a pixel cost
 * the canvas far more than the points do: 500,000 points drew in ~600 ms at
 * 1.5 px and ~110 ms at 1 px. Dense charts get hairlines; small ones keep
 * the softer 1.5 px.
 */
export function lineWidth(spec: ChartSpec): number {
  return spec.x.length * spec.lines.length > DENSE_POINTS ? 1 : 1.5
}

/** With bars, the x range keeps half a step free at each end so the first and last bars show whole. */
function barsRange(spec: ChartSpec): uPlotType.Range.Function | undefined {
  if (!spec.lines.some((l) => l.bars) || spec.x.length === 0) return undefined
  const step = spec.x.length > 1 ? (spec.x.at(-1)! - spec.x[0]!) / (spec.x.length - 1) : 86_400
  return (_u, lo, hi) => [lo - step / 2, hi + step / 2]
}

/** The app's font (styles/base.css) for the canvas, which cannot read CSS variables. */
function cssFont(): string {
  const f = typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue('--cd-font')
  return f.trim() || 'sans-serif'
}

/** The narrowest y axis, so charts side by side line up. */
export const MIN_Y_AXIS = 64

/**
 * Width of a y axis whose labels measure `widths` px: the widest label, the
 * tick (10) and gaps either side, never under MIN_Y_AXIS ("1.50 MB/s" was cut).
 */
export function yAxisSize(widths: number[]): number {
  return Math.max(MIN_Y_AXIS, Math.ceil(Math.max(0, ...widths)) + 24)
}

/**
 * A plain line's path, at most four points per pixel column (decimate.ts).
 * uPlot's own line path draws every point of a view under 4 points per
 * pixel, each placed through two function calls, and works out each line's
 * columns again; this one works them out once per draw for all lines.
 * 500,000 points drew faster both ways in both engines (docs/performance.md).
 */
function decimatedLines(): uPlotType.Series.PathBuilder {
  let cache: { x: unknown; key: string; columns: Int32Array } | null = null
  return (u, seriesIdx, idx0, idx1) => {
    const x = u.data[0]
    const sx = u.scales.x!
    const sy = u.scales.y!
    const { left, top, width, height } = u.bbox
    const key = `${x.length},${sx.min},${sx.max},${left},${width},${idx0},${idx1}`
    if (cache?.x !== x || cache.key !== key) cache = { x, key, columns: pixelColumns(x, idx0, idx1, sx.min!, sx.max!, left, width) }
    const y0 = sy.min!
    const k = sy.max! > y0 ? height / (sy.max! - y0) : 0
    const stroke = new Path2D()
    drawDecimated(stroke, cache.columns, u.data[seriesIdx]!, idx0, idx1, (v) => Math.round(top + height - (v - y0) * k))
    return { stroke, fill: null, clip: null, band: null, flags: 1 }
  }
}

function options(u: UPlotCtor, spec: ChartSpec, dark: boolean, width: number): uPlotType.Options {
  const p = chartPalette(dark)
  const font = `11px ${cssFont()}`
  const axis = (scale?: string): uPlotType.Axis => {
    const a: uPlotType.Axis = { stroke: p.axis, grid: { stroke: p.grid, width: 1 }, ticks: { stroke: p.grid, width: 1 }, font }
    // Only the y axis gets its own labels: an explicit undefined would
    // switch off uPlot's time labels on x.
    if (scale === 'y') {
      Object.assign(a, {
        scale,
        values: (_: uPlotType, vals: number[]) => vals.map((v) => formatValue(v, spec.unit)),
        size: (self: uPlotType, values: string[] | null) => {
          if (!values?.length) return MIN_Y_AXIS
          self.ctx.save()
          self.ctx.font = font
          const widths = values.map((v) => self.ctx.measureText(v).width)
          self.ctx.restore()
          return yAxisSize(widths)
        },
      })
    }
    return a
  }
  const marks = spec.marks ?? []
  const strokeWidth = lineWidth(spec)
  // Lines that fill or make a band keep uPlot's own path, which draws those.
  const inBand = new Set((spec.bands ?? []).flatMap((b) => [b.upper, b.lower]))
  const lines = decimatedLines()
  return {
    width, height: spec.height ?? 220,
    scales: { x: { time: true, range: barsRange(spec) }, y: spec.yMin != null && spec.yMax != null
      // A fixed range: uPlot need not scan every value for its min and max.
      ? { auto: false, range: [spec.yMin, spec.yMax] }
      : { range: (_, lo, hi) => [spec.yMin ?? Math.min(0, lo), spec.yMax ?? (hi > 0 ? hi * 1.05 : 1)] } },
    axes: [axis(), axis('y')],
    legend: { live: true },
    cursor: { drag: { x: true, y: false } },
    series: [
      {},
      ...spec.lines.map((l, i) => {
        const color = l.color ?? p.lines[i % p.lines.length] ?? p.axis
        return {
          label: l.label, stroke: color, width: strokeWidth, dash: l.dash ? [4, 4] : undefined,
          fill: l.bars ? withAlpha(color, 0.6) : l.fill ? withAlpha(color, 0.12) : undefined,
          paths: l.bars ? u.paths.bars?.({ size: [0.7, 40] }) : l.step ? u.paths.stepped?.({ align: 1 }) : l.fill || inBand.has(i) ? undefined : lines,
          value: (_: uPlotType, v: number | null) => formatValue(v, spec.unit),
          points: { show: false },
        }
      }),
    ],
    bands: (spec.bands ?? []).map((b) => ({
      series: [b.upper + 1, b.lower + 1] as [number, number],
      fill: withAlpha(spec.lines[b.upper]?.color ?? p.lines[b.upper % p.lines.length] ?? p.axis, 0.15),
    })),
    hooks: {
      draw: [
        (chart: uPlotType) => {
          if (!marks.length) return
          const ctx = chart.ctx
          const { top, height } = chart.bbox
          ctx.save()
          ctx.strokeStyle = p.mark
          ctx.fillStyle = p.mark
          ctx.lineWidth = Math.max(1, devicePixelRatio)
          ctx.setLineDash([3 * devicePixelRatio, 3 * devicePixelRatio])
          ctx.font = `${10 * devicePixelRatio}px system-ui, sans-serif`
          for (const m of marks) {
            const x = Math.round(chart.valToPos(m.t, 'x', true))
            if (x < chart.bbox.left || x > chart.bbox.left + chart.bbox.width) continue
            ctx.beginPath()
            ctx.moveTo(x, top)
            ctx.lineTo(x, top + height)
            ctx.stroke()
            // Near the right edge the label goes to the left of its line.
            const w = ctx.measureText(m.label).width
            const right = chart.bbox.left + chart.bbox.width
            const tx = x + 3 * devicePixelRatio + w > right ? x - 3 * devicePixelRatio - w : x + 3 * devicePixelRatio
            ctx.fillText(m.label, tx, top + 10 * devicePixelRatio)
          }
          ctx.restore()
        },
      ],
    },
  }
}

/**
 * Draws a chart into `el`, themed for the app's light or dark mode, and
 * returns a handle to update, re-theme, resize and remove it. It rejects,
 * and update and setDark throw, with a ChartError.
 */
export async function mountChart(el: HTMLElement, spec: ChartSpec, dark: boolean): Promise<ChartHandle> {
  const U = await loadUPlot()
  let current = spec
  let isDark = dark
  const width = () => Math.max(200, el.clientWidth || 600)
  let plot = drawing(() => new U(options(U, current, isDark, width()), chartData(current), el))
  const rebuild = () => {
    plot.destroy()
    plot = drawing(() => new U(options(U, current, isDark, width()), chartData(current), el))
  }
  return {
    update(next) {
      const sameShape = next.lines.length === current.lines.length && (next.marks ?? []).length === 0 && (current.marks ?? []).length === 0
      current = next
      if (sameShape) drawing(() => plot.setData(chartData(next)))
      else rebuild()
    },
    setDark(d) {
      if (d === isDark) return
      isDark = d
      rebuild()
    },
    resize(w) {
      plot.setSize({ width: Math.max(200, w), height: current.height ?? 220 })
    },
    setRange(min, max) {
      plot.setScale('x', { min, max })
    },
    destroy() {
      plot.destroy()
    },
  }
}
