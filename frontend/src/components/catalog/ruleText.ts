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

/** A field's hint in the editor: words first; a pattern, when shown, goes apart and quieter. */
export interface FieldHint {
  text: string
  pattern?: string
}

/** The policy's pattern as the evaluator applies it (to the whole value), or null when JS cannot read it. */
function wholeValue(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`)
  } catch {
    return null
  }
}

/**
 * What the editor shows beside a field under a policy rule. A pattern is
 * never the hint itself: for the runtime it becomes the catalog's runtimes
 * that match (the user picks from those), elsewhere a sentence with the
 * pattern beside it.
 */
export function ruleHint(c: FieldConstraint, runtimes: Array<{ key: string; name: string }> = []): FieldHint | null {
  if (c.type !== 'regex' || !c.pattern) return c.hint ? { text: c.hint } : null
  const re = wholeValue(c.pattern)
  if (c.path === 'spark_version' && re && runtimes.length) {
    const names = runtimes.filter((r) => re.test(r.key)).map((r) => r.name || r.key)
    if (!names.length) return { text: 'No runtime in the catalog matches the policy', pattern: c.pattern }
    const shown = names.slice(0, 4).join(', ')
    return { text: `The policy allows ${shown}${names.length > 4 ? ` and ${names.length - 4} more` : ''}` }
  }
  return { text: 'Must match the policy’s pattern', pattern: c.pattern }
}
