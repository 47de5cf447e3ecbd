// Key/value editors accept pasted lines in the forms people copy from the
// Databricks UI ("key value"), from .conf files ("key=value") or YAML
// ("key: value"). Blank lines and # comments are skipped.

export interface Pair {
  key: string
  value: string
}

export function parsePairs(text: string): Pair[] {
  const out: Pair[] = []
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const m = /^([^\s=:]+)\s*(?:=|:\s|\s)\s*(.*)$/.exec(line) ?? /^([^\s=:]+)[=:]?$/.exec(line)
    if (!m) continue
    let value = (m[2] ?? '').trim()
    if (value.length >= 2 && /^(["']).*\1$/.test(value)) value = value.slice(1, -1)
    out.push({ key: m[1]!, value })
  }
  return out
}

/** Whether pasted text is meant as several pairs (a newline, or a separator). */
export function looksLikePairs(text: string): boolean {
  return /\n/.test(text.trim()) || /^[^\s=:]+\s*(=|:\s|\s)\s*\S/.test(text.trim())
}
