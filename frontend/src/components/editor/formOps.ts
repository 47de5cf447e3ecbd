// What the form's bigger switches do to the spec. Each changes only the
// fields it is about and leaves every other field (known or not) alone.
import { deletePath, getPath, setPath, type Json, type Spec } from './specPath'

export const PROFILE_KEY = 'spark.databricks.cluster.profile'
export const MASTER_KEY = 'spark.master'
export const RESOURCE_CLASS = 'ResourceClass'

export const cloudAttributes = ['azure_attributes', 'aws_attributes', 'gcp_attributes'] as const

const localMaster = /^local\[(\*|[1-9][0-9]*)(,\s*[1-9][0-9]*)?\]$/

/** Single node in any of the ways the API takes (as backend/clusterspec.IsSingleNode). */
export function isSingleNode(spec: Spec): boolean {
  const master = getPath(spec, `spark_conf.${MASTER_KEY}`)
  return (
    spec.is_single_node === true ||
    getPath(spec, `spark_conf.${PROFILE_KEY}`) === 'singleNode' ||
    getPath(spec, `custom_tags.${RESOURCE_CLASS}`) === 'SingleNode' ||
    (typeof master === 'string' && localMaster.test(master))
  )
}

/**
 * Single node: no workers, and either is_single_node (specs of kind
 * CLASSIC_PREVIEW, where the service adds the Spark settings itself) or
 * the three settings the API wants together.
 */
export function setSingleNode(spec: Spec, on: boolean): void {
  if (on) {
    deletePath(spec, 'autoscale')
    spec.num_workers = 0
    if (spec.kind === 'CLASSIC_PREVIEW' || spec.is_single_node !== undefined) {
      spec.is_single_node = true
      return
    }
    setPath(spec, `spark_conf.${PROFILE_KEY}`, 'singleNode')
    setPath(spec, `spark_conf.${MASTER_KEY}`, 'local[*]')
    setPath(spec, `custom_tags.${RESOURCE_CLASS}`, 'SingleNode')
    return
  }
  if (spec.is_single_node !== undefined) spec.is_single_node = false
  deletePath(spec, `spark_conf.${PROFILE_KEY}`)
  deletePath(spec, `spark_conf.${MASTER_KEY}`)
  deletePath(spec, `custom_tags.${RESOURCE_CLASS}`)
  if (!spec.num_workers && !spec.autoscale) spec.num_workers = 2
}

export function isAutoscale(spec: Spec): boolean {
  return typeof spec.autoscale === 'object' && spec.autoscale !== null
}

export function setAutoscale(spec: Spec, on: boolean): void {
  if (on) {
    const n = typeof spec.num_workers === 'number' && spec.num_workers > 0 ? spec.num_workers : 2
    delete spec.num_workers
    spec.autoscale = { min_workers: Math.max(1, Math.min(n, 2)), max_workers: Math.max(n, 2) }
  } else {
    const max = getPath(spec, 'autoscale.max_workers')
    delete spec.autoscale
    spec.num_workers = typeof max === 'number' ? max : 2
  }
}

/** A pool brings its own node type and cloud settings: the spec must not name them. */
export function setPool(spec: Spec, which: 'worker' | 'driver', poolId: string | null): void {
  const key = which === 'worker' ? 'instance_pool_id' : 'driver_instance_pool_id'
  if (!poolId) {
    delete spec[key]
    return
  }
  spec[key] = poolId
  if (which === 'worker') {
    delete spec.node_type_id
    for (const a of cloudAttributes) delete spec[a]
  }
  delete spec.driver_node_type_id
}

export function setPhoton(spec: Spec, on: boolean): void {
  if (on) spec.runtime_engine = 'PHOTON'
  else if (spec.runtime_engine !== undefined) spec.runtime_engine = 'STANDARD'
}

export interface AppliedValue {
  path: string
  value: unknown
  kind: string
}

/**
 * Choosing a policy: set its fixed values and defaults where the spec has
 * nothing (fixed values always), drop what it forbids.
 */
export function applyPolicy(spec: Spec, applied: AppliedValue[], forbidden: string[]): void {
  for (const a of applied) {
    if (a.kind === 'fixed' || getPath(spec, a.path) === undefined) setPath(spec, a.path, a.value as Json)
  }
  for (const path of forbidden) {
    if (!path.includes('*') && getPath(spec, path) !== undefined) deletePath(spec, path)
  }
  // A policy's size defaults must not leave both sizes set: what it filled in wins.
  if (getPath(spec, 'num_workers') !== undefined && isAutoscale(spec)) {
    if (applied.some((a) => a.path.startsWith('autoscale.'))) delete spec.num_workers
    else if (applied.some((a) => a.path === 'num_workers')) delete spec.autoscale
  }
}
