import type { FieldConstraint } from '@/api'

/** What kind of rule a policy sets on a path, in a word or two. */
export const ruleLabels: Record<string, string> = {
  fixed: 'Fixed',
  forbidden: 'Forbidden',
  allowlist: 'Allowed values',
  blocklist: 'Blocked values',
  regex: 'Pattern',
  range: 'Range',
  unlimited: 'Any value',
}

export function ruleLabel(type: string): string {
  return ruleLabels[type] ?? type
}

/** A policy value as text: strings bare, everything else as JSON. */
export function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v)
}

/**
 * The lines that explain one rule. The first is the backend's own hint (the
 * same sentence the editor shows next to the field); the rest are the rule's
 * qualifiers.
 */
export function ruleDetails(c: FieldConstraint): string[] {
  const lines: string[] = []
  if (c.hint) lines.push(c.hint)
  else if (c.type === 'unlimited') lines.push('Any value')
  if (c.required && !c.locked && !c.forbidden && !lines.some((l) => l.startsWith('Required'))) {
    lines.push('Required')
  }
  if (c.default !== undefined && c.default !== null && !c.locked) lines.push(`Default: ${valueText(c.default)}`)
  if (c.hidden) lines.push('Hidden in the form')
  if (c.wildcard) lines.push('Applies to every element')
  if (c.virtual) lines.push('A derived attribute, not a field you set')
  return lines
}

/** "All-purpose", "Job": the compute a policy is offered for. */
export function clusterTypeLabel(t: string): string {
  if (t === 'all-purpose') return 'All-purpose'
  if (t === 'job') return 'Job'
  if (t === 'dlt') return 'Pipelines'
  return t
}
