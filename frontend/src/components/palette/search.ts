import fuzzysort from 'fuzzysort'

/** Performance entries: a query typed (or the palette opened) → its results painted (BENCH palette_first_results_ms). */
export const PALETTE_QUERY = 'palette:query'
export const PALETTE_RESULTS = 'palette-results'

/** What a palette entry is; it decides its group label and its weight among equal matches. */
export type PaletteKind = 'action' | 'page' | 'workspace' | 'cluster' | 'warehouse' | 'pool' | 'policy' | 'draft' | 'setting'

export interface PaletteItem {
  /** Stable across opens: recent choices are remembered by it. */
  id: string
  kind: PaletteKind
  label: string
  /** A second line: the workspace, the state, the host. */
  detail?: string
  run: () => void | Promise<void>
}

/** A label cut into runs of typed (hit) and other letters, to draw the hits bold. */
export interface Part {
  text: string
  hit: boolean
}

export interface Found {
  item: PaletteItem
  parts: Part[]
}

// Pages, workspaces and actions win a tie with one of 10,000 clusters.
const weight: Record<PaletteKind, number> = { action: 0.12, page: 0.1, workspace: 0.1, setting: 0.06, draft: 0.04, policy: 0.03, pool: 0.02, warehouse: 0.01, cluster: 0 }

// Each label is indexed once, whichever list it comes back in (a cluster's
// name, list after list); capped so renamed things do not pile up.
const indexed = new Map<string, Fuzzysort.Prepared>()
function indexOf(label: string): Fuzzysort.Prepared {
  let p = indexed.get(label)
  if (!p) {
    if (indexed.size > 100_000) indexed.clear()
    p = fuzzysort.prepare(label)
    indexed.set(label, p)
  }
  return p
}

/**
 * Indexes labels ahead of the palette, a slice per idle moment, so its first
 * key finds them ready; returns the call that stops it.
 */
export function warm(labels: string[], slice = 500): () => void {
  let i = 0
  let handle: number | undefined
  const idle = globalThis.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 50) as unknown as number)
  const cancel = globalThis.cancelIdleCallback ?? ((h: number) => clearTimeout(h))
  const step = () => {
    for (const end = Math.min(labels.length, i + slice); i < end; i++) indexOf(labels[i]!)
    if (i < labels.length) handle = idle(step)
  }
  handle = idle(step)
  return () => handle !== undefined && cancel(handle)
}

/** A list ready to search: its labels are indexed on the first typed key, not when it opens. */
export interface Prepared {
  items: PaletteItem[]
  targets: () => Array<{ item: PaletteItem; prepared: Fuzzysort.Prepared }>
}

export function prepare(items: PaletteItem[]): Prepared {
  let targets: Array<{ item: PaletteItem; prepared: Fuzzysort.Prepared }> | null = null
  return { items, targets: () => (targets ??= items.map((item) => ({ item, prepared: indexOf(item.label) }))) }
}

/** Cuts a label at the matched letters. */
export function partsOf(label: string, indexes: readonly number[]): Part[] {
  const hits = new Set(indexes)
  const out: Part[] = []
  for (let i = 0; i < label.length; i++) {
    const hit = hits.has(i)
    const last = out.at(-1)
    if (last && last.hit === hit) last.text += label[i]
    else out.push({ text: label[i]!, hit })
  }
  return out
}

/**
 * The entries for a query, best first, at most `limit`: fuzzy (the typed
 * letters in order, anywhere in the label), weighted by kind. An empty query
 * lists the recent choices, then the pages and actions.
 */
export function search(list: Prepared, query: string, recent: string[], limit = 50): Found[] {
  const q = query.trim()
  if (!q) {
    const wanted = new Set(recent)
    const hits = new Map<string, PaletteItem>()
    for (const i of list.items) if (wanted.has(i.id)) hits.set(i.id, i)
    const first = recent.map((id) => hits.get(id)).filter((i): i is PaletteItem => !!i)
    const rest = list.items.filter((i) => (i.kind === 'action' || i.kind === 'page') && !recent.includes(i.id))
    return [...first, ...rest].slice(0, limit).map((item) => ({ item, parts: [{ text: item.label, hit: false }] }))
  }
  const results = fuzzysort.go(q, candidates(list.targets(), q), { key: 'prepared', limit: limit * 4, threshold: 0.2 })
  return results
    .map((r) => ({ r, score: r.score + weight[r.obj.item.kind] + (recent.includes(r.obj.item.id) ? 0.05 : 0) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ r }) => ({ item: r.obj.item, parts: partsOf(r.obj.item.label, r.indexes) }))
}

/** Candidates a one-letter query scores: it matches nearly every label. */
export const ONE_LETTER_CAP = 2000

// One letter says little and matches almost everything: score the first
// ONE_LETTER_CAP labels that hold it (pages, workspaces and actions come
// first in the list), not all 10,000 clusters.
function candidates<T extends { item: PaletteItem }>(targets: T[], q: string): T[] {
  if (q.length > 1) return targets
  const letter = q.toLowerCase()
  const out: T[] = []
  for (const t of targets) {
    if (t.item.label.toLowerCase().includes(letter)) out.push(t)
    if (out.length >= ONE_LETTER_CAP) break
  }
  return out
}

const recentKey = 'clusterdeck.palette.recent'

/** The last choices, newest first (kept like the column choice, in localStorage). */
export function loadRecent(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const v: unknown = JSON.parse(storage?.getItem(recentKey) ?? '[]')
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 8) : []
  } catch {
    return []
  }
}

export function remember(id: string, storage: Storage | undefined = globalThis.localStorage): string[] {
  const next = [id, ...loadRecent(storage).filter((x) => x !== id)].slice(0, 8)
  try {
    storage?.setItem(recentKey, JSON.stringify(next))
  } catch {
    // storage full or refused: remembered until the window closes
  }
  return next
}
