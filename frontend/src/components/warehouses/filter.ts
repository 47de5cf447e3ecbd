// The Warehouses page's filters: the search's words and the state and type
// menus (their options from lib/facet, as on Compute). Empty means "any".
import type { WarehouseRow } from '@/api/warehouses'
import { facetOptions } from '@/lib/facet'
import { kinds, stateTags } from './columns'

export interface WarehouseFilters {
  search: string
  states: string[]
  kinds: string[]
}

export function emptyWarehouseFilters(search = ''): WarehouseFilters {
  return { search, states: [], kinds: [] }
}

type Filtered = Pick<WarehouseRow, 'name' | 'id' | 'creator' | 'size' | 'kind' | 'state'>

/** Keeps the rows that pass every filter; each search word must be in a name, id, creator, size, type or state. */
export function filterWarehouses<T extends Filtered>(rows: T[], f: WarehouseFilters): T[] {
  const terms = f.search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const states = f.states.length ? new Set(f.states) : null
  const types = f.kinds.length ? new Set(f.kinds) : null
  if (!terms.length && !states && !types) return rows
  return rows.filter((w) => {
    if (states && !states.has(w.state)) return false
    if (types && !types.has(w.kind)) return false
    const hay = [w.name, w.id, w.creator, w.size, w.kind, w.state].join('\n').toLowerCase()
    return terms.every((t) => hay.includes(t))
  })
}

/** The state and type menus' options, each value as the table names it, with its count. */
export function warehouseFacets(rows: Filtered[]): { states: Array<{ value: string; label: string }>; kinds: Array<{ value: string; label: string }> } {
  return {
    states: facetOptions(rows, (w) => w.state, (s) => stateTags[s]?.label ?? s),
    kinds: facetOptions(rows, (w) => w.kind, (k) => kinds[k] ?? k),
  }
}

export function filtersActive(f: WarehouseFilters): boolean {
  return f.search.trim() !== '' || f.states.length > 0 || f.kinds.length > 0
}
