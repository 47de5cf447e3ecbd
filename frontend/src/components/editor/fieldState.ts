import type { FieldConstraint } from '@/api/editor'

/** How a field of the cluster form looks to a user of a policy. */
export type FieldState = 'hidden' | 'locked' | 'forbidden' | 'limited' | 'required' | 'defaulted' | 'free'

/** A field's state under its rule (none: free). */
export function fieldState(c: FieldConstraint | undefined): FieldState {
  if (!c) return 'free'
  if (c.forbidden) return 'forbidden'
  if (c.hidden) return 'hidden'
  if (c.locked) return 'locked'
  if (c.type !== 'unlimited') return 'limited'
  if (c.required) return 'required'
  const shown = c.default
  return shown === undefined || shown === null || shown === '' ? 'free' : 'defaulted'
}

/** A few words for a state, as a badge says it. */
export const stateLabels: Record<FieldState, string> = {
  hidden: 'Hidden',
  locked: 'Locked',
  forbidden: 'Not allowed',
  limited: 'Limited',
  required: 'Required',
  defaulted: 'Default',
  free: 'Free',
}
