// Pure helpers of the Permissions panel: how a principal and the origin of
// a level read, and the search picker's options.
import type { SelectOption } from 'naive-ui'
import type { PermissionEntry, Principal } from '@/api'

const kindLabels: Record<string, string> = { user: 'User', group: 'Group', 'service-principal': 'Service principal' }

export function kindLabel(kind: string): string {
  return kindLabels[kind] ?? kind
}

/** Where a principal's level comes from, in words ("Granted here; inherited from …"). */
export function originText(e: PermissionEntry): string {
  const parts = e.sources.map((s) => {
    if (s.inherited) return `${s.levelLabel}, inherited from ${s.from}`
    if (s.from === 'granted here') return `${s.levelLabel}, granted here`
    return `${s.levelLabel} as ${s.from}`
  })
  return parts.join('; ')
}

export type PrincipalOption = SelectOption & { value: string; label: string }

/** The picker's value for a principal: kind and name, which the API identifies it by. */
export function optionValue(p: Pick<Principal, 'kind' | 'name'>): string {
  return `${p.kind}:${p.name}`
}

export function principalOptions(found: Principal[]): PrincipalOption[] {
  return found.map((p) => ({
    value: optionValue(p),
    label: `${p.displayName && p.displayName !== p.name ? `${p.displayName} (${p.name})` : p.name} · ${kindLabel(p.kind)}`,
  }))
}

/** Reads a picker value back into the principal it names. */
export function principalOf(value: string, found: Principal[]): Principal | undefined {
  return found.find((p) => optionValue(p) === value)
}
