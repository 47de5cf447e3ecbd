/**
 * Keys for the rows of a virtual list that let the page reuse a row's
 * elements. A row still shown keeps its key, so it is left alone; a row coming
 * on screen takes the key of one that went, so Vue patches that row's
 * elements in place instead of making new ones (a search deep in a long list
 * replaces every row shown, and making rows was most of its time).
 */
export class RowKeys {
  private slots = new Map<string, number>()
  private size = 0

  /**
   * The key of each id, in order. Ids must be unique. The key of `held` (a
   * row that goes while it holds the focus) is not handed on: its elements
   * go with it, and the focus does not move to another row.
   */
  keys(ids: readonly string[], held?: string): number[] {
    const next = new Map<string, number>()
    const taken = new Set<number>()
    const kept = held === undefined ? undefined : this.slots.get(held)
    if (kept !== undefined) taken.add(kept)
    for (const id of ids) {
      const s = this.slots.get(id)
      if (s !== undefined) {
        next.set(id, s)
        taken.add(s)
      }
    }
    // Keys below `had` that no row kept are free; past them, new keys.
    const had = this.size
    let free = 0
    const out = ids.map((id) => {
      let s = next.get(id)
      if (s === undefined) {
        while (free < had && taken.has(free)) free++
        s = free < had ? free++ : this.size++
        next.set(id, s)
      }
      return s
    })
    this.slots = next
    return out
  }
}
