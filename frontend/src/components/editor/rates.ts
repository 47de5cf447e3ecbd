// The DBU rate dialog's form: the user's own entries as text fields, read
// back into a rate table with a message per bad field. Only these entries
// are saved; the built-in table stays apart (the backend merges them).

export interface FamilyLike {
  cloud: string
  prefix: string
  dbu_per_core: number
}
export interface RateTableLike {
  label: string
  rates: Record<string, number>
  families: FamilyLike[]
  photon_multiplier?: number
  replace_defaults?: boolean
  /** DBU/h of one cluster of a SQL warehouse, by size as the API spells cluster_size. */
  warehouse_sizes?: Record<string, number>
}

export interface RateRow {
  node: string
  rate: string
}
export interface FamilyRow {
  cloud: string
  prefix: string
  perCore: string
}
export interface RateForm {
  rates: RateRow[]
  families: FamilyRow[]
  photon: string
  /** By size: the user's DBU/h as typed; '' keeps the built-in figure. */
  warehouseSizes: Record<string, string>
  // Kept as the user's file had them; the dialog does not edit them.
  label: string
  replaceDefaults: boolean
}

export const MAX_RATE = 10000
export const MAX_PER_CORE = 100
export const MAX_PHOTON = 10

export function toForm(t: RateTableLike | null | undefined): RateForm {
  return {
    rates: Object.entries(t?.rates ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([node, rate]) => ({ node, rate: String(rate) })),
    families: (t?.families ?? []).map((f) => ({ cloud: f.cloud, prefix: f.prefix, perCore: String(f.dbu_per_core) })),
    photon: t?.photon_multiplier ? String(t.photon_multiplier) : '',
    label: t?.label ?? '',
    replaceDefaults: !!t?.replace_defaults,
    warehouseSizes: Object.fromEntries(Object.entries(t?.warehouse_sizes ?? {}).map(([size, rate]) => [size, String(rate)])),
  }
}

/** A message when text is not a number in [0, max]; '' when it is. */
export function numberProblem(text: string, max: number): string {
  const s = text.trim()
  if (s === '') return 'Enter a number.'
  const n = Number(s)
  if (!Number.isFinite(n)) return `"${s}" is not a number.`
  if (n < 0) return 'Must not be negative.'
  if (n > max) return `At most ${max}.`
  return ''
}

/** The table to save, or the field errors (keys: rates.N.node, rates.N.rate, families.N.prefix, families.N.perCore, photon, warehouse.SIZE). */
export function fromForm(f: RateForm): { table: RateTableLike | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const table: RateTableLike = { label: f.label, rates: {}, families: [] }
  const seen = new Set<string>()
  f.rates.forEach((r, i) => {
    const node = r.node.trim()
    if (!node && !r.rate.trim()) return // a blank row
    if (!node) errors[`rates.${i}.node`] = 'Enter a node type id.'
    else if (seen.has(node)) errors[`rates.${i}.node`] = `${node} is listed twice.`
    seen.add(node)
    const bad = numberProblem(r.rate, MAX_RATE)
    if (bad) errors[`rates.${i}.rate`] = bad
    else if (node) table.rates[node] = Number(r.rate.trim())
  })
  f.families.forEach((r, i) => {
    const prefix = r.prefix.trim()
    if (!prefix && !r.perCore.trim()) return
    if (!prefix) errors[`families.${i}.prefix`] = 'Enter the node type id prefix, e.g. Standard_E.'
    const bad = numberProblem(r.perCore, MAX_PER_CORE)
    if (bad) errors[`families.${i}.perCore`] = bad
    else if (prefix) table.families.push({ cloud: r.cloud.trim(), prefix, dbu_per_core: Number(r.perCore.trim()) })
  })
  if (f.photon.trim()) {
    const bad = numberProblem(f.photon, MAX_PHOTON)
    if (bad) errors.photon = bad
    else table.photon_multiplier = Number(f.photon.trim())
  }
  if (f.replaceDefaults) table.replace_defaults = true
  const sizes: Record<string, number> = {}
  for (const [size, text] of Object.entries(f.warehouseSizes)) {
    if (!text.trim()) continue
    const bad = numberProblem(text, MAX_RATE)
    if (bad) errors[`warehouse.${size}`] = bad
    else sizes[size] = Number(text.trim())
  }
  if (Object.keys(sizes).length) table.warehouse_sizes = sizes
  return Object.keys(errors).length ? { table: null, errors } : { table, errors }
}
