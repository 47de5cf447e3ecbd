import { describe, expect, it } from 'vitest'
import type { LogLine, LogWindow } from '@/api'
import { append, fromTail, MAX_LINES, needsEarlier, prepend, segments, shown } from './buffer'

// Lines of 10 bytes each ("line 00001\n"), numbered from first.
function win(first: number, count: number, size: number): LogWindow {
  const lines: LogLine[] = []
  for (let i = 0; i < count; i++) lines.push({ offset: (first + i) * 11, text: `line ${String(first + i).padStart(5, '0')}`, time: 0, level: '' } as LogLine)
  return { file: 'stdout', size, start: first * 11, end: (first + count) * 11, lines, atStart: first === 0, atEnd: (first + count) * 11 >= size } as LogWindow
}

describe('the log buffer', () => {
  it('pages backwards until the start, meeting exactly', () => {
    let b = fromTail(win(100, 50, 150 * 11))
    const r = prepend(b, win(50, 50, 150 * 11))
    expect(r.added).toBe(50)
    b = prepend(r.buffer, win(0, 50, 150 * 11)).buffer
    expect(b.lines.map((l) => l.offset)).toEqual(Array.from({ length: 150 }, (_, i) => i * 11))
    expect(b.atStart).toBe(true)
    expect(b.atEnd).toBe(true)
    expect(prepend(b, win(10, 5, 150 * 11)).added, 'a window that does not meet the buffer is ignored').toBe(0)
  })

  it('never holds more than MAX_LINES: backwards drops the bottom and stops following', () => {
    const size = (MAX_LINES + 5000) * 11
    const b = prepend(fromTail(win(5000, MAX_LINES, size)), win(0, 5000, size)).buffer
    expect(b.lines.length).toBe(MAX_LINES)
    expect(b.end).toBe(MAX_LINES * 11)
    expect(b.atEnd).toBe(false)
    expect(append(b, win(MAX_LINES + 5000, 3, size + 33)), 'no following while the bottom is cut').toBe(b)
  })

  it('following appends new lines and drops the top past MAX_LINES', () => {
    const size = MAX_LINES * 11
    const b = append(fromTail(win(0, MAX_LINES, size)), win(MAX_LINES, 10, size + 110))
    expect(b.lines.length).toBe(MAX_LINES)
    expect(b.start).toBe(10 * 11)
    expect(b.atStart).toBe(false)
    expect(b.end).toBe(size + 110)
  })

  it('filters by search and by a time window before the newest line', () => {
    const t0 = Date.UTC(2026, 10, 23, 10)
    const lines = [
      { offset: 0, text: 'INFO old', time: t0, level: 'INFO' },
      { offset: 9, text: 'ERROR boom', time: t0 + 50 * 60_000, level: 'ERROR' },
      { offset: 20, text: '\tat Foo.bar', time: 0, level: '' },
      { offset: 32, text: 'INFO new', time: t0 + 60 * 60_000, level: 'INFO' },
    ] as LogLine[]
    expect(shown(lines, '', 15, false).map((l) => l.text)).toEqual(['ERROR boom', '\tat Foo.bar', 'INFO new'])
    expect(shown(lines, 'info', 0, true).map((l) => l.key)).toEqual([0, 32])
    expect(shown(lines, 'boom', 0, false).filter((l) => l.match)).toHaveLength(1)
  })

  it('marks matches as text segments, case-insensitively', () => {
    expect(segments('a <b>Error</b> error', 'error')).toEqual([
      { text: 'a <b>', hit: false }, { text: 'Error', hit: true }, { text: '</b> ', hit: false }, { text: 'error', hit: true },
    ])
  })

  it('reads earlier lines while the time window starts before the loaded ones', () => {
    const minute = 60_000
    const stamped = (w: LogWindow, t0: number) => ({ ...w, lines: w.lines.map((l, i) => ({ ...l, time: t0 + i * minute })) }) as LogWindow
    // 50 lines a minute apart, the file longer than what is loaded.
    const b = fromTail(stamped(win(100, 50, 150 * 11), 1_000 * minute))
    expect(needsEarlier(b, 0)).toBe(false) // all loaded: nothing to fetch
    expect(needsEarlier(b, 30)).toBe(false) // the last 30 minutes are loaded
    expect(needsEarlier(b, 60)).toBe(true) // the last hour is not
    expect(needsEarlier({ ...b, atStart: true }, 60)).toBe(false) // nothing earlier in the file
    expect(needsEarlier({ ...fromTail(win(100, 50, 150 * 11)) }, 60)).toBe(false) // no time stamps
    expect(needsEarlier({ ...b, lines: Array.from({ length: MAX_LINES }, () => b.lines[0]!) }, 60)).toBe(false) // full
  })
})
