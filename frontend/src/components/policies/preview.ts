import type { FieldConstraint } from '@/api'
import { valueText } from '@/components/catalog/ruleText'

/** How a field of the cluster form looks to a user of the policy. */
export type FieldState = 'hidden' | 'locked' | 'forbidden' | 'limited' | 'required' | 'defaulted' | 'free'

export interface PreviewRow {
  path: string
  label: string
  state: FieldState
  /** The value the form shows: the fixed value, or the default it fills in. */
  value: string
  /** What limits the field, in a line (the backend's hint). */
  note: string
}

/** The cluster form's fields in the order the form shows them. */
const formFields: Array<[string, string]> = [
  ['cluster_name', 'Compute name'],
  ['spark_version', 'Databricks runtime'],
  ['runtime_engine', 'Photon acceleration'],
  ['data_security_mode', 'Access mode'],
  ['single_user_name', 'Single user'],
  ['node_type_id', 'Worker type'],
  ['driver_node_type_id', 'Driver type'],
  ['num_workers', 'Workers'],
  ['autoscale.min_workers', 'Min workers'],
  ['autoscale.max_workers', 'Max workers'],
  ['instance_pool_id', 'Worker pool'],
  ['driver_instance_pool_id', 'Driver pool'],
  ['autotermination_minutes', 'Terminate after (minutes)'],
  ['azure_attributes.availability', 'Availability (Azure)'],
  ['aws_attributes.availability', 'Availability (AWS)'],
  ['gcp_attributes.availability', 'Availability (GCP)'],
  ['enable_elastic_disk', 'Autoscaling local storage'],
]

/** Virtual attributes the form does not show as fields, named for people. */
const virtualLabels: Record<string, string> = {
  cluster_type: 'Offered for',
  dbus_per_hour: 'Cost (DBU per hour)',
  'cluster_log_conf.path': 'Log destination',
  'cluster_log_conf.type': 'Log destination type',
}

function labelOf(path: string): string {
  const known = formFields.find(([p]) => p === path)
  if (known) return known[1]
  if (virtualLabels[path]) return virtualLabels[path]
  const [head, ...rest] = path.split('.')
  if (head === 'custom_tags') return `Tag ${rest.join('.')}`
  if (head === 'spark_conf') return `Spark config ${rest.join('.')}`
  if (head === 'spark_env_vars') return `Environment variable ${rest.join('.')}`
  return path
}

function rowOf(path: string, c: FieldConstraint | undefined): PreviewRow {
  const row: PreviewRow = { path, label: labelOf(path), state: 'free', value: '', note: '' }
  if (!c) return row
  const shown = c.locked ? c.value : c.default
  row.value = shown === undefined || shown === null ? '' : valueText(shown)
  row.note = c.hint
  if (c.forbidden) row.state = 'forbidden'
  else if (c.hidden) row.state = 'hidden'
  else if (c.locked) row.state = 'locked'
  else if (c.type !== 'unlimited') row.state = 'limited'
  else if (c.required) row.state = 'required'
  else if (row.value) row.state = 'defaulted'
  return row
}

/**
 * The cluster form as a user of the policy sees it: every form field (free
 * ones too), then each further attribute the policy governs (tags, Spark
 * settings, cost), with its state, shown value and limit.
 */
export function previewRows(constraints: FieldConstraint[]): PreviewRow[] {
  const byPath = new Map(constraints.map((c) => [c.path, c]))
  const rows = formFields.map(([p]) => rowOf(p, byPath.get(p)))
  for (const c of constraints) {
    if (!formFields.some(([p]) => p === c.path)) rows.push(rowOf(c.path, c))
  }
  return rows
}

/** A few words for a state, as the preview's badge says it. */
export const stateLabels: Record<FieldState, string> = {
  hidden: 'Hidden',
  locked: 'Locked',
  forbidden: 'Not allowed',
  limited: 'Limited',
  required: 'Required',
  defaulted: 'Default',
  free: 'Free',
}
