// What every list's filter menus share: the distinct values of a field with
// their counts, in the order people read them.

/**
 * Lower-cased text whose digit runs are zero-padded, so plain string order
 * is numeric-aware: "x-9" before "x-10", runtime 9.1 before 10.4. Computed
 * once per row, unlike a collator in a comparator.
 */
export function naturalKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(20, '0'))
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Distinct values of a field with counts, for the filter menus. */
export function facet<T>(rows: readonly T[], pick: (r: T) => string): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>()
  for (const r of rows) {
    const v = pick(r)
    counts.set(v, (counts.get(v) ?? 0) + 1)
  }
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count, k: naturalKey(value) }))
    .sort((a, b) => cmp(a.k, b.k) || cmp(a.value, b.value))
    .map(({ value, count }) => ({ value, count }))
}

/** A filter menu's options: each value as its label says it, with its count. */
export function facetOptions<T>(
  rows: readonly T[],
  pick: (r: T) => string,
  label: (v: string) => string = (v) => v,
): Array<{ value: string; label: string }> {
  return facet(rows, pick).map(({ value, count }) => ({ value, label: `${label(value)} (${count})` }))
}
