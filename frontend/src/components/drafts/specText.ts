import type { Spec } from '@/api'

export type ParsedSpec =
  | { ok: true; spec: Spec }
  | { ok: false; message: string; line?: number; column?: number }

/** Pretty JSON for the editor. */
export function specToText(spec: Spec): string {
  return JSON.stringify(spec ?? {}, null, 2)
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset))
  const lines = before.split('\n')
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 }
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
    const where = pos ? lineColumn(text, Number(pos[1])) : lc ? { line: Number(lc[1]), column: Number(lc[2]) } : undefined
    const message = raw.replace(/\s*in JSON at position \d+.*$/, '').replace(/,?\s*"[\s\S]*" is not valid JSON$/, '')
    return { ok: false, message: message || 'The text is not valid JSON', ...where }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'The spec must be one JSON object: { "cluster_name": ..., ... }', line: 1, column: 1 }
  }
  return { ok: true, spec: value as Spec }
}
