import type { FieldConstraint, NodeTypeOption, PoolOption, RuntimeOption } from '@/api/editor'

export interface Option {
  [key: string]: unknown
  label: string
  value: string
  disabled?: boolean
}
export interface Group {
  [key: string]: unknown
  type: 'group'
  label: string
  key: string
  children: Option[]
}

/** Applies a policy's allowlist and blocklist to a control's choices. */
export function restrict<T extends Option>(options: T[], rule: FieldConstraint | undefined): T[] {
  if (!rule) return options
  let out = options
  if (rule.allowed?.length) {
    const allowed = rule.allowed.map(String)
    out = out.filter((o) => allowed.includes(o.value))
    for (const v of allowed) if (!out.some((o) => o.value === v)) out.push({ label: v, value: v } as T)
  }
  if (rule.blocked?.length) {
    const blocked = rule.blocked.map(String)
    out = out.map((o) => (blocked.includes(o.value) ? { ...o, disabled: true, label: `${o.label} (blocked by policy)` } : o))
  }
  return out
}

export function restrictGroups(groups: Group[], rule: FieldConstraint | undefined): Group[] {
  return groups.map((g) => ({ ...g, children: restrict(g.children, rule) })).filter((g) => g.children.length > 0)
}

export function nodeLabel(n: NodeTypeOption): string {
  const mem = n.memoryGb >= 10 ? Math.round(n.memoryGb) : Math.round(n.memoryGb * 10) / 10
  let s = `${n.id} · ${n.cores} cores · ${mem} GB`
  if (n.gpus) s += ` · ${n.gpus} GPU`
  if (n.photon) s += ' · Photon'
  if (n.deprecated) s += ' · deprecated'
  return s
}

export function nodeGroups(nodes: NodeTypeOption[]): Group[] {
  const groups = new Map<string, Option[]>()
  for (const n of nodes) {
    const list = groups.get(n.category) ?? []
    list.push({ label: nodeLabel(n), value: n.id })
    groups.set(n.category, list)
  }
  return [...groups].map(([label, children]) => ({ type: 'group', label, key: label, children }))
}

const runtimeOrder = ['LTS', 'Standard', 'ML', 'GPU']
export function runtimeGroups(runtimes: RuntimeOption[]): Group[] {
  return runtimeOrder
    .map((g) => ({
      type: 'group' as const,
      label: g === 'Standard' ? 'Standard' : g === 'GPU' ? 'GPU (ML)' : g,
      key: g,
      children: runtimes.filter((r) => r.group === g).map((r) => ({ label: r.name || r.key, value: r.key })),
    }))
    .filter((g) => g.children.length > 0)
}

export function poolOptions(pools: PoolOption[]): Option[] {
  return pools.map((p) => ({ label: `${p.name} · ${p.nodeTypeId} · ${p.idle} idle`, value: p.id }))
}

/** The select options with aliases (auto:latest-lts) a policy may set. */
export const runtimeAliases: Option[] = [
  'auto:latest-lts',
  'auto:latest',
  'auto:latest-ml',
  'auto:latest-lts-ml',
].map((v) => ({ label: v, value: v }))
