import { describe, expect, it } from 'vitest'
import { drawDecimated, pixelColumns } from './decimate'

type Step = ['M' | 'L', number, number]

/** Records a path as [M|L, x, y] steps; y is the value itself. */
function draw(columns: number[], values: (number | null | undefined)[], i0 = 0, i1 = values.length - 1): Step[] {
  const steps: Step[] = []
  const n = drawDecimated(
    { moveTo: (x, y) => steps.push(['M', x, y]), lineTo: (x, y) => steps.push(['L', x, y]) },
    Int32Array.from(columns), values, i0, i1, (v) => v,
  )
  expect(n).toBe(steps.length)
  return steps
}

describe('pixelColumns', () => {
  it.each([
    ['spread over the width', [0, 5, 10], 0, 2, 0, 10, 100, 200, [100, 200, 300]],
    ['rounded to whole pixels', [0, 1, 2, 3], 0, 3, 0, 3, 0, 2, [0, 1, 1, 2]],
    ['only within [i0, i1]', [0, 5, 10, 15], 1, 2, 5, 10, 0, 10, [0, 0, 10, 0]],
    ['a range of one value at the left', [7, 7], 0, 1, 7, 7, 3, 50, [3, 3]],
  ])('%s', (_, x, i0, i1, min, max, left, width, want) => {
    expect([...pixelColumns(x as number[], i0 as number, i1 as number, min as number, max as number, left as number, width as number)]).toEqual(want)
  })
  it('is empty for no data', () => {
    expect(pixelColumns([], 0, -1, 0, 1, 0, 100).length).toBe(0)
  })
})

describe('drawDecimated', () => {
  it.each<[string, number[], (number | null | undefined)[], Step[]]>([
    ['nothing for no data', [], [], []],
    ['one point per column as it is', [0, 1, 2], [5, 7, 6], [['M', 0, 5], ['L', 1, 7], ['L', 2, 6]]],
    ['first, min, max and last of a column, in order',
      [0, 0, 0, 0, 0, 0], [5, 1, 9, 4, 8, 6], [['M', 0, 5], ['L', 0, 1], ['L', 0, 9], ['L', 0, 6]]],
    ['max before min when it came first',
      [0, 0, 0, 0, 0], [5, 9, 4, 1, 6], [['M', 0, 5], ['L', 0, 9], ['L', 0, 1], ['L', 0, 6]]],
    ['a one-sample spike in a dense column',
      [0, 0, 0, 0, 0, 1, 1, 1], [50, 50, 100, 50, 50, 50, 0, 50],
      [['M', 0, 50], ['L', 0, 100], ['L', 0, 50], ['L', 1, 50], ['L', 1, 0], ['L', 1, 50]]],
    ['min or max at the edges is not drawn twice',
      [0, 0, 0], [1, 5, 9], [['M', 0, 1], ['L', 0, 9]]],
    ['a flat column is its first and last point',
      [0, 0, 0, 1], [3, 3, 3, 4], [['M', 0, 3], ['L', 0, 3], ['L', 1, 4]]],
    ['null breaks the line, also inside a column',
      [0, 0, 0, 0, 1, 2], [1, 2, null, 3, null, 4], [['M', 0, 1], ['L', 0, 2], ['M', 0, 3], ['M', 2, 4]]],
    ['undefined is stepped over', [0, 1, 2], [1, undefined, 3], [['M', 0, 1], ['L', 2, 3]]],
    ['leading and trailing nulls draw nothing', [0, 1, 2, 3], [null, 2, 3, null], [['M', 1, 2], ['L', 2, 3]]],
    ['all nulls draw nothing', [0, 0, 1], [null, null, null], []],
  ])('%s', (_, columns, values, want) => {
    expect(draw(columns, values)).toEqual(want)
  })

  it('draws only [i0, i1]', () => {
    expect(draw([0, 1, 2, 3], [1, 2, 3, 4], 1, 2)).toEqual([['M', 1, 2], ['L', 2, 3]])
  })

  it('keeps every column\'s extremes of a dense series within four points a column', () => {
    const n = 10_080
    const values = Array.from({ length: n }, (_, i) => (i % 997 === 0 ? 1000 : Math.sin(i / 40) * 10))
    const columns = pixelColumns(Array.from({ length: n }, (_, i) => i), 0, n - 1, 0, n - 1, 0, 1000)
    const steps = draw([...columns], values)
    expect(steps.length).toBeLessThanOrEqual(4 * 1001)
    const byColumn = new Map<number, number[]>()
    values.forEach((v, i) => byColumn.set(columns[i]!, [...(byColumn.get(columns[i]!) ?? []), v]))
    for (const [c, vs] of byColumn) {
      const drawn = steps.filter((s) => s[1] === c).map((s) => s[2])
      expect(Math.max(...drawn), `column ${c}`).toBe(Math.max(...vs))
      expect(Math.min(...drawn), `column ${c}`).toBe(Math.min(...vs))
      expect(drawn[0]).toBe(vs[0])
      expect(drawn.at(-1)).toBe(vs.at(-1))
    }
  })
})
