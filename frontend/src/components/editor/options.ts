import type { FieldConstraint, NodeTypeOption, PoolOption, RuntimeOption } from '@/api/editor'
import { memoryText } from '@/lib/number'

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

/**
 * Applies a policy's allowlist and blocklist to a control's choices. With
 * addMissing, allowed values the list does not hold are added (a flat list
 * is the only place they can go).
 */
export function restrict<T extends Option>(options: T[], rule: FieldConstraint | undefined, addMissing = true): T[] {
  if (!rule) return options
  let out = options
  if (rule.allowed?.length) {
    const allowed = rule.allowed.map(String)
    out = out.filter((o) => allowed.includes(o.value))
    if (addMissing) for (const v of allowed) if (!out.some((o) => o.value === v)) out.push({ label: v, value: v } as T)
  }
  if (rule.blocked?.length) {
    const blocked = rule.blocked.map(String)
    out = out.map((o) => (blocked.includes(o.value) ? { ...o, disabled: true, label: `${o.label} (blocked by policy)` } : o))
  }
  return out
}

export const OTHER_ALLOWED = 'Other (allowed by policy)'

/**
 * Grouped choices under a policy: each group keeps only its own allowed
 * values; allowed values no group holds (not in the catalog) are offered
 * once, in their own group.
 */
export function restrictGroups(groups: Group[], rule: FieldConstraint | undefined): Group[] {
  const out = groups.map((g) => ({ ...g, children: restrict(g.children, rule, false) })).filter((g) => g.children.length > 0)
  if (rule?.allowed?.length) {
    const known = new Set(groups.flatMap((g) => g.children.map((o) => o.value)))
    const extra = [...new Set(rule.allowed.map(String))].filter((v) => !known.has(v))
    if (extra.length) out.push({ type: 'group', label: OTHER_ALLOWED, key: 'other-allowed', children: extra.map((v) => ({ label: v, value: v })) })
  }
  return out
}

/**
 * cluster_log_conf destination kinds; a policy names them in upper case.
 * S3 delivery writes with the cluster's AWS instance profile, so only AWS
 * workspaces offer it; DBFS and Volumes work on every cloud. No clouds: all.
 */
export const logKinds: Array<{ value: string; label: string; placeholder: string; clouds?: string[] }> = [
  { value: 'dbfs', label: 'DBFS', placeholder: 'dbfs:/cluster-logs' },
  { value: 'volumes', label: 'Volumes', placeholder: '/Volumes/catalog/schema/volume/cluster-logs' },
  { value: 's3', label: 'S3', placeholder: 's3://bucket/cluster-logs', clouds: ['aws'] },
]

/**
 * The log kinds the workspace's cloud offers (all of them when the cloud is
 * not known, e.g. the demo), less what a cluster_log_conf.type rule takes
 * away (fixed, allowlist, blocklist; any case). current, the kind the spec
 * already has, stays listed so the control never hides what is set.
 */
export function logKindOptions(rule: FieldConstraint | undefined, cloud = '', current: string | null = null): Option[] {
  const offered = logKinds.filter((k) => !k.clouds || !cloud || k.clouds.includes(cloud) || k.value === current)
  const opts: Option[] = offered.map((k) => ({ label: k.label, value: k.value }))
  if (!rule) return opts
  const up = (v: unknown) => String(v).toUpperCase()
  if (rule.locked && rule.value !== undefined && rule.value !== null) return opts.filter((o) => up(o.value) === up(rule.value))
  let out = opts
  if (rule.allowed?.length) out = out.filter((o) => rule.allowed!.some((a) => up(a) === up(o.value)))
  if (rule.blocked?.length) {
    out = out.map((o) =>
      rule.blocked!.some((b) => up(b) === up(o.value)) ? { ...o, disabled: true, label: `${o.label} (blocked by policy)` } : o,
    )
  }
  return out
}

export function nodeLabel(n: NodeTypeOption): string {
  let s = `${n.id} · ${n.cores} cores · ${memoryText(n.memoryGb)}`
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
