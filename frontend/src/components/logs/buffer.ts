// What the Driver logs tab holds of a file: at most MAX_LINES lines of it,
// a contiguous byte range [start, end). Reading backwards adds at the top and
// drops from the bottom (following then waits until the user jumps back to
// the end); following adds at the bottom and drops from the top.
import type { LogLine, LogWindow } from '@/api'

export const MAX_LINES = 20_000

export interface LogBuffer {
  lines: LogLine[]
  start: number
  end: number
  atStart: boolean
  /** The buffer reaches the file's end as last read, so new bytes follow on. */
  atEnd: boolean
  size: number
}

export const emptyBuffer = (): LogBuffer => ({ lines: [], start: 0, end: 0, atStart: true, atEnd: true, size: 0 })

/** The tail of a file replaces whatever was held. */
export function fromTail(w: LogWindow): LogBuffer {
  const lines = w.lines.slice(-MAX_LINES)
  const cut = lines.length < w.lines.length
  return { lines, start: cut ? (lines[0]?.offset ?? w.start) : w.start, end: w.end, atStart: w.atStart && !cut, atEnd: w.atEnd, size: w.size }
}

/** An earlier window (it ends where the buffer starts) goes on top; returns how many lines were added. */
export function prepend(b: LogBuffer, w: LogWindow): { buffer: LogBuffer; added: number } {
  if (w.end !== b.start) return { buffer: b, added: 0 } // not adjacent: a stale answer
  let lines = w.lines.concat(b.lines)
  let { end, atEnd } = b
  if (lines.length > MAX_LINES) {
    end = lines[MAX_LINES]?.offset ?? end // the first line dropped starts where the buffer now ends
    lines = lines.slice(0, MAX_LINES)
    atEnd = false
  }
  return { buffer: { lines, start: w.start, end, atStart: w.atStart, atEnd, size: Math.max(b.size, w.size) }, added: w.lines.length }
}

/** New lines (read after the buffer's end) go at the bottom. */
export function append(b: LogBuffer, w: LogWindow): LogBuffer {
  if (w.start !== b.end || !b.atEnd) return b
  let lines = b.lines.concat(w.lines)
  let { start, atStart } = b
  if (lines.length > MAX_LINES) {
    lines = lines.slice(lines.length - MAX_LINES)
    start = lines[0]?.offset ?? w.start
    atStart = false
  }
  return { lines, start, end: w.end, atStart, atEnd: w.atEnd, size: w.size }
}

/** Time windows the tab offers, in minutes before the newest line (0: all). */
export const timeWindows = [
  { label: 'All loaded', value: 0 },
  { label: 'Last 15 minutes', value: 15 },
  { label: 'Last hour', value: 60 },
  { label: 'Last 6 hours', value: 360 },
  { label: 'Last 24 hours', value: 1440 },
]

/**
 * Whether the loaded lines start after the chosen time window does: then
 * earlier lines are read (while the file has more and the buffer has room),
 * so "Last hour" means the file's last hour, not only what was loaded.
 */
export function needsEarlier(b: LogBuffer, minutes: number): boolean {
  if (!minutes || b.atStart || b.lines.length >= MAX_LINES) return false
  let newest = 0
  for (let i = b.lines.length - 1; i >= 0 && !newest; i--) newest = b.lines[i]?.time ?? 0
  const oldest = b.lines.find((l) => l.time)?.time ?? 0
  if (!newest || !oldest) return false // no time stamps to go by
  return oldest > newest - minutes * 60_000
}

export interface ShownLine {
  key: number
  text: string
  level: string
  match: boolean
}

/**
 * The lines to show: within `minutes` of the newest stamped line (lines
 * without a time, such as stack traces, go with the line above), and, when
 * `only` is set, only those containing the query (case-insensitive).
 */
export function shown(lines: LogLine[], query: string, minutes: number, only: boolean): ShownLine[] {
  const q = query.trim().toLowerCase()
  let newest = 0
  for (let i = lines.length - 1; i >= 0 && !newest; i--) newest = lines[i]?.time ?? 0
  const from = minutes && newest ? newest - minutes * 60_000 : 0
  const out: ShownLine[] = []
  let t = 0
  for (const l of lines) {
    if (l.time) t = l.time
    if (from && t < from) continue
    const match = q !== '' && l.text.toLowerCase().includes(q)
    if (only && q && !match) continue
    out.push({ key: l.offset, text: l.text, level: l.level, match })
  }
  return out
}

/** Splits text around the query so matches can be marked without HTML. */
export function segments(text: string, query: string): { text: string; hit: boolean }[] {
  const q = query.trim().toLowerCase()
  if (!q) return [{ text, hit: false }]
  const out: { text: string; hit: boolean }[] = []
  const lower = text.toLowerCase()
  let at = 0
  for (let i = lower.indexOf(q); i >= 0; i = lower.indexOf(q, at)) {
    if (i > at) out.push({ text: text.slice(at, i), hit: false })
    out.push({ text: text.slice(i, i + q.length), hit: true })
    at = i + q.length
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false })
  return out
}

/** "12.3 MB" */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
