// The pool form's document: its defaults and what edit can change. The
// shared form parts (problems, cleaning, the editor context) are in
// components/common/kindForm.
import type { PoolSpec } from '@/api/pools'
import { pruneEmpty } from '@/components/common/kindForm'
import type { Spec } from '@/components/editor/specPath'

export { asProblems } from '@/components/common/kindForm'

/** The only fields instance-pools/edit changes (mirrors backend/pools.Editable). */
export const EDITABLE = ['instance_pool_name', 'min_idle_instances', 'max_capacity', 'idle_instance_autotermination_minutes']

export function emptyPool(): Spec {
  return { instance_pool_name: '', node_type_id: '', min_idle_instances: 0, idle_instance_autotermination_minutes: 60 }
}

/** Drops empty objects and empty strings the controls leave behind. */
export function cleanSpec(spec: Spec): PoolSpec {
  return pruneEmpty(spec)
}
