import type { FieldConstraint } from '@/api'
import { valueText } from '@/components/catalog/ruleText'
import { fieldState, type FieldState } from '@/components/editor/fieldState'
import { setPath, type Spec } from '@/components/editor/specPath'

/** A rule of the policy that no field of the form shows. */
export interface PreviewRow {
  path: string
  label: string
  state: FieldState
  /** The value it is set to: the fixed value, or the default it fills in. */
  value: string
  /** What limits it, in a line (the backend's hint). */
  note: string
}

/** Names for people of the attributes a rule may govern without a field of the form. */
const labels: Record<string, string> = {
  cluster_type: 'Offered for',
  dbus_per_hour: 'Cost (DBU per hour)',
  'cluster_log_conf.path': 'Log destination',
  'cluster_log_conf.type': 'Log destination type',
  runtime_engine: 'Photon acceleration',
  data_security_mode: 'Access mode',
  single_user_name: 'Single user',
  node_type_id: 'Worker type',
  driver_node_type_id: 'Driver type',
  instance_pool_id: 'Worker pool',
  driver_instance_pool_id: 'Driver pool',
  num_workers: 'Workers',
  'autoscale.min_workers': 'Min workers',
  'autoscale.max_workers': 'Max workers',
  autotermination_minutes: 'Terminate after (minutes)',
  spark_version: 'Databricks runtime',
  enable_elastic_disk: 'Autoscaling local storage',
}

function labelOf(path: string): string {
  if (labels[path]) return labels[path]
  const [head, ...rest] = path.split('.')
  if (head === 'custom_tags') return `Tag ${rest.join('.')}`
  if (head === 'spark_conf') return `Spark config ${rest.join('.')}`
  if (head === 'spark_env_vars') return `Environment variable ${rest.join('.')}`
  return path
}

const shownValue = (c: FieldConstraint) => {
  const v = c.locked ? c.value : c.default
  return v === undefined || v === null ? '' : valueText(v)
}

/**
 * The cluster form a user of the policy opens: every fixed value and every
 * default in place (what picking the policy in the editor fills in).
 */
export function previewSpec(constraints: FieldConstraint[]): Spec {
  const spec: Spec = {}
  for (const c of constraints) {
    if (c.virtual || c.wildcard || c.forbidden) continue
    const v = c.locked ? c.value : c.default
    if (v !== undefined && v !== null) setPath(spec, c.path, v)
  }
  return spec
}

/**
 * The rules a user of the policy does not see as a field: hidden and
 * removed fields, and virtual attributes such as the cost limit. The
 * author sees them listed beside the form. The compute types it is offered
 * for are said apart.
 */
export function offFormRules(constraints: FieldConstraint[]): PreviewRow[] {
  return constraints
    .filter((c) => c.path !== 'cluster_type' && (c.virtual || c.hidden || c.forbidden))
    .map((c) => ({ path: c.path, label: labelOf(c.path), state: fieldState(c), value: shownValue(c), note: c.hint }))
}
