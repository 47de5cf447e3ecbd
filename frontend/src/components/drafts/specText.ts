import type { Spec } from '@/api'

export type ParsedSpec =
  | { ok: true; spec: Spec }
  | { ok: false; message: string; line?: number; column?: number }

// The fields people look for first lead; the rest follow as they come.
const LEADING = ['cluster_name', 'spark_version', 'node_type_id', 'driver_node_type_id', 'num_workers', 'autoscale', 'autotermination_minutes']

/** Pretty JSON for the editor, the identifying fields first. */
export function specToText(spec: Spec): string {
  const s = spec ?? {}
  const ordered: Spec = {}
  for (const k of LEADING) if (k in s) ordered[k] = s[k]
  for (const k of Object.keys(s)) if (!(k in ordered)) ordered[k] = s[k]
  return JSON.stringify(ordered, null, 2)
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset))
  const lines = before.split('\n')
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 }
}

/**
 * Offset of the first syntax error in JSON text (engines do not always say
 * where): a small recursive-descent scan that only validates.
 */
export function syntaxOffset(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++
  }
  const fail = (): never => {
    throw i
  }
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length
    else fail()
  }
  const str = () => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++
      else if (text[i]! < ' ') fail()
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  const num = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!m) fail()
    i += m![0].length
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        str()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') return void i++
        else fail()
      }
    } else if (c === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') return void i++
        else fail()
      }
    } else if (c === '"') str()
    else if (c === 't') literal('true')
    else if (c === 'f') literal('false')
    else if (c === 'n') literal('null')
    else num()
  }
  try {
    value()
    ws()
    if (i < text.length) fail()
  } catch (at) {
    return typeof at === 'number' ? at : 0
  }
  return -1
}

/** Reads the editor's text; a syntax error says where it is when the engine tells. */
export function parseSpecText(text: string): ParsedSpec {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e)
    const pos = /position (\d+)/.exec(raw)
    const lc = /line (\d+) column (\d+)/.exec(raw)
    const scanned = syntaxOffset(text)
    const where = pos
      ? lineColumn(text, Number(pos[1]))
      : lc
        ? { line: Number(lc[1]), column: Number(lc[2]) }
        : scanned >= 0
          ? lineColumn(text, scanned)
          : undefined
    // Engines quote the whole input after the message; keep only the sentence.
    const message = raw
      .replace(/\s*in JSON at position \d+.*$/s, '')
      .replace(/,\s*"[\s\S]*$/, '')
      .replace(/\s*\(line \d+ column \d+.*$/s, '')
    return { ok: false, message: message || 'The text is not valid JSON', ...where }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The spec must be one JSON object: { "cluster_name": ..., ... }', line: 1, column: 1 }
  }
  return { ok: true, spec: value as Spec }
}
