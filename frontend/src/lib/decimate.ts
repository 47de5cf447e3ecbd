// Per-pixel-column (M4) decimation for line charts. Many points in one
// pixel column draw, as a 1 px line, exactly what four of them draw: the
// first, the lowest, the highest and the last, in the order they came.
// The chart keeps the real data (the cursor and legend read it); only the
// path handed to the canvas is decimated, so every spike still shows.

/** What a path is drawn into: a Path2D, or a recorder in tests. */
export interface PenTarget {
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
}

/**
 * The pixel column of each x in [i0, i1] (ascending x), rounded as the
 * canvas draws it; indexes outside the range are left 0. One array serves
 * every line of a chart, since they share their x.
 */
export function pixelColumns(x: ArrayLike<number>, i0: number, i1: number, min: number, max: number, left: number, width: number): Int32Array {
  const out = new Int32Array(x.length)
  const k = max > min ? width / (max - min) : 0
  for (let i = i0; i <= i1; i++) out[i] = Math.round(left + (x[i]! - min) * k)
  return out
}

/**
 * Draws values[i0..i1] at columns[i] into pen, at most four points per
 * column (first, min, max, last, as they came). A null breaks the line, as
 * uPlot draws gaps; undefined is skipped and the line goes on over it.
 * Returns how many points went into the path.
 */
export function drawDecimated(
  pen: PenTarget,
  columns: Int32Array,
  values: ArrayLike<number | null | undefined>,
  i0: number,
  i1: number,
  toY: (v: number) => number,
): number {
  let drawn = 0
  let penDown = false
  // The column being gathered: its x, and its points' values and indexes.
  let col = 0
  let n = 0
  let first = 0, last = 0, lo = 0, hi = 0, firstAt = 0, loAt = 0, hiAt = 0, lastAt = 0
  const point = (v: number) => {
    if (penDown) pen.lineTo(col, toY(v))
    else pen.moveTo(col, toY(v))
    penDown = true
    drawn++
  }
  const flush = () => {
    if (n === 0) return
    point(first)
    if (n > 1) {
      // min and max in the order they came; each only if it is not the first or last point itself.
      const a = loAt < hiAt ? loAt : hiAt
      const b = loAt < hiAt ? hiAt : loAt
      if (a !== firstAt && a !== lastAt) point(a === loAt ? lo : hi)
      if (b !== firstAt && b !== lastAt && b !== a) point(b === loAt ? lo : hi)
      point(last)
    }
    n = 0
  }
  for (let i = i0; i <= i1; i++) {
    const v = values[i]
    if (v == null) {
      if (v === null) {
        flush()
        penDown = false
      }
      continue
    }
    const c = columns[i]!
    if (n > 0 && c !== col) flush()
    if (n === 0) {
      col = c
      first = lo = hi = v
      firstAt = loAt = hiAt = i
    } else if (v < lo) {
      lo = v
      loAt = i
    } else if (v > hi) {
      hi = v
      hiAt = i
    }
    last = v
    lastAt = i
    n++
  }
  flush()
  return drawn
}
