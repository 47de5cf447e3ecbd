/** A list's sort: the column it is sorted by, and which way. */
export interface Sort<K extends string> {
  key: K
  order: 'ascend' | 'descend'
}

/**
 * A header click, the same in every lean table: a new column sorts
 * ascending, a second click descending, a third goes back to `reset`.
 */
export function cycleSort<K extends string>(current: Sort<K>, key: K, reset: Sort<K>): Sort<K> {
  if (current.key !== key) return { key, order: 'ascend' }
  if (current.order === 'ascend') return { key, order: 'descend' }
  return { ...reset }
}
