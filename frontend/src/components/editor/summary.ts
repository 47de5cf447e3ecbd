import type { EditorCatalog } from '@/api/editor'

/** Fields the form has a control for; problems elsewhere are listed on top. */
export const placedPrefixes = [
  'cluster_name',
  'custom_tags',
  'policy_id',
  'data_security_mode',
  'single_user_name',
  'spark_version',
  'runtime_engine',
  'instance_pool_id',
  'driver_instance_pool_id',
  'node_type_id',
  'driver_node_type_id',
  'autoscale',
  'num_workers',
  'autotermination_minutes',
  'azure_attributes.availability',
  'azure_attributes.first_on_demand',
  'azure_attributes.spot_bid_max_price',
  'aws_attributes.availability',
  'aws_attributes.first_on_demand',
  'aws_attributes.spot_bid_price_percent',
  'gcp_attributes.availability',
  'gcp_attributes.first_on_demand',
  'enable_local_disk_encryption',
  'enable_elastic_disk',
  'spark_conf',
  'spark_env_vars',
  'cluster_log_conf',
  'init_scripts',
  'libraries',
]

export function ageText(c: EditorCatalog): string {
  if (!c.fetchedAt) return 'not loaded yet'
  const s = c.ageSeconds
  if (s < 60) return 'fetched just now'
  if (s < 3600) return `from ${Math.round(s / 60)} min ago`
  if (s < 86400) return `from ${Math.round(s / 3600)} h ago`
  return `from ${Math.round(s / 86400)} days ago`
}
