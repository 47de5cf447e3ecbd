// The warehouse form's document: the SQL Warehouses API's create request,
// except that custom tags are held as a map while the form is open (the
// editor's KeyValueEditor edits maps) and become the API's list of
// {key, value} pairs again in the body sent.
import type { WarehouseSpec } from '@/api/warehouses'
import { pruneEmpty } from '@/components/common/kindForm'
import { clone, type Json, type Spec } from '@/components/editor/specPath'

export { asProblems } from '@/components/common/kindForm'

/** The cluster sizes a warehouse takes, smallest first (mirrors backend/warehouses.Sizes). */
export const SIZES = ['2X-Small', 'X-Small', 'Small', 'Medium', 'Large', 'X-Large', '2X-Large', '3X-Large', '4X-Large', '5X-Large']

// A type, not an interface: naive-ui's options take any key.
export type Choice = { label: string; value: string }

export const TYPES: Choice[] = [
  { label: 'Pro', value: 'PRO' },
  { label: 'Classic', value: 'CLASSIC' },
]

export const SPOT_POLICIES: Choice[] = [
  { label: 'Cost optimized', value: 'COST_OPTIMIZED' },
  { label: 'Reliability optimized', value: 'RELIABILITY_OPTIMIZED' },
]

export const CHANNELS: Choice[] = [
  { label: 'Current', value: 'CHANNEL_NAME_CURRENT' },
  { label: 'Preview', value: 'CHANNEL_NAME_PREVIEW' },
]

/** A choice list with the value the warehouse has now, when the list does not offer it (an older channel, say). */
export function withCurrent(list: Choice[], current: string | null): Choice[] {
  if (!current || list.some((c) => c.value === current)) return list
  const label = current.replace(/^CHANNEL_NAME_/, '').toLowerCase().replace(/^./, (c) => c.toUpperCase())
  return [...list, { label, value: current }]
}

/** A new warehouse as the Databricks UI proposes a pro one: Small, one cluster, Photon, 45 minutes to auto-stop. */
export function emptyWarehouse(): Spec {
  return {
    name: '',
    cluster_size: 'Small',
    min_num_clusters: 1,
    max_num_clusters: 1,
    auto_stop_mins: 45,
    warehouse_type: 'PRO',
    enable_serverless_compute: false,
    enable_photon: true,
    spot_instance_policy: 'COST_OPTIMIZED',
    channel: { name: 'CHANNEL_NAME_CURRENT' },
  }
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The API's request as the form holds it: custom tags as a map, the other fields as they are. */
export function toForm(api: WarehouseSpec): Spec {
  const form = clone(api) as Spec
  const tags = form.tags
  if (isObject(tags) && Array.isArray(tags.custom_tags)) {
    const map: Record<string, Json> = {}
    for (const p of tags.custom_tags) {
      if (isObject(p) && typeof p.key === 'string') map[p.key] = typeof p.value === 'string' ? p.value : ''
    }
    tags.custom_tags = map
  }
  return form
}

/**
 * The form as the request body: what the controls left empty dropped,
 * zeros and false kept (auto-stop 0 is never, Photon off is an answer), the
 * tags a list again. A warehouse that had tags gets an empty list when the
 * user removed them all (left out, the edit would keep them).
 */
export function toBody(form: Spec, hadTags = false): WarehouseSpec {
  const body = pruneEmpty(form)
  const tags = body.tags
  const map = isObject(tags) && isObject(tags.custom_tags) ? tags.custom_tags : {}
  const pairs = Object.entries(map)
    .filter(([k]) => k.trim() !== '')
    .map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }))
  if (pairs.length) body.tags = { ...(isObject(tags) ? tags : {}), custom_tags: pairs }
  else if (hadTags) body.tags = { custom_tags: [] }
  else if (isObject(tags)) {
    delete tags.custom_tags
    if (!Object.keys(tags).length) delete body.tags
  }
  return body
}
