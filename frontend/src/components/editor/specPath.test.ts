import { describe, expect, it } from 'vitest'
import { parsePairs } from './keyValue'
import { applyPolicy, isSingleNode, setAutoscale, setPool, setSingleNode } from './formOps'
import { clone, deletePath, getPath, matchPath, pathWithin, segments, setPath, type Spec } from './specPath'

// Specs as users write them for the Clusters API, with fields this form has
// no control for (docker_image, workload_type, a future field).
const azureSpec = `{
  "cluster_name": "etl-nightly",
  "spark_version": "16.4.x-scala2.12",
  "node_type_id": "Standard_DS4_v2",
  "autoscale": { "min_workers": 2, "max_workers": 8 },
  "azure_attributes": { "availability": "SPOT_WITH_FALLBACK_AZURE", "first_on_demand": 1, "spot_bid_max_price": -1 },
  "spark_conf": { "spark.sql.shuffle.partitions": "64", "spark.databricks.io.cache.enabled": "true" },
  "spark_env_vars": { "PYSPARK_PYTHON": "/databricks/python3/bin/python3" },
  "custom_tags": { "team": "data-engineering" },
  "init_scripts": [ { "workspace": { "destination": "/Users/ada@example.com/init.sh" } }, { "volumes": { "destination": "/Volumes/ops/init/base.sh" } } ],
  "cluster_log_conf": { "dbfs": { "destination": "dbfs:/cluster-logs" } },
  "docker_image": { "url": "databricksruntime/standard:16.4-LTS", "basic_auth": { "username": "u", "password": "p" } },
  "workload_type": { "clients": { "notebooks": true, "jobs": false } },
  "some_future_field": { "nested": [1, 2, { "deep": null }] },
  "autotermination_minutes": 60
}`
const awsSpec = `{
  "cluster_name": "ml-gpu",
  "spark_version": "15.4.x-gpu-ml-scala2.12",
  "node_type_id": "g4dn.xlarge",
  "driver_node_type_id": "m5d.2xlarge",
  "num_workers": 2,
  "aws_attributes": { "availability": "SPOT_WITH_FALLBACK", "zone_id": "auto", "first_on_demand": 1, "spot_bid_price_percent": 100 },
  "enable_elastic_disk": true,
  "data_security_mode": "SINGLE_USER",
  "single_user_name": "ada@example.com",
  "cluster_log_conf": { "s3": { "destination": "s3://logs/clusters", "region": "us-west-2" } },
  "ssh_public_keys": ["ssh-ed25519 AAAA"]
}`

const gcpSpec = `{
  "cluster_name": "gcp-analytics",
  "spark_version": "15.4.x-scala2.12",
  "node_type_id": "n2-highmem-4",
  "num_workers": 3,
  "gcp_attributes": { "availability": "PREEMPTIBLE_WITH_FALLBACK_GCP", "google_service_account": "sa@p.iam.gserviceaccount.com", "local_ssd_count": 1, "zone_id": "HA" },
  "init_scripts": [ { "gcs": { "destination": "gs://ops/init.sh" } }, { "workspace": { "destination": "/Shared/init.sh" } } ],
  "libraries": [ { "pypi": { "package": "plotly==5.22.0", "repo": "https://pypi.example.com/simple" } }, { "requirements": "/Workspace/Shared/requirements.txt" } ],
  "cluster_log_conf": { "volumes": { "destination": "/Volumes/ops/logs/clusters" } }
}`
const poolSpec = `{
  "cluster_name": "pooled",
  "spark_version": "16.4.x-scala2.12",
  "instance_pool_id": "0101-pool-a",
  "driver_instance_pool_id": "0101-pool-b",
  "autoscale": { "min_workers": 1, "max_workers": 4 },
  "policy_id": "ABC123",
  "libraries": [ { "maven": { "coordinates": "com.example:lib_2.12:1.0.0", "exclusions": ["org.slf4j:slf4j-api"] } }, { "jar": "/Volumes/a/b/lib.jar" }, { "whl": "/Volumes/a/b/p-1.0-py3-none-any.whl" }, { "cran": { "package": "forecast" } } ],
  "init_scripts": [ { "s3": { "destination": "s3://b/init.sh", "region": "us-east-1" } }, { "abfss": { "destination": "abfss://c@a.dfs.core.windows.net/i.sh" } }, { "dbfs": { "destination": "dbfs:/init.sh" } } ]
}`
const singleSpec = `{
  "cluster_name": "solo",
  "kind": "CLASSIC_PREVIEW",
  "is_single_node": true,
  "use_ml_runtime": true,
  "spark_version": "16.4.x-scala2.12",
  "node_type_id": "Standard_DS3_v2",
  "num_workers": 0,
  "data_security_mode": "DATA_SECURITY_MODE_DEDICATED",
  "libraries": [ { "pypi": { "package": "torch" } } ]
}`

describe('paths in the policy style', () => {
  it('keeps a map key whole and reads array indexes', () => {
    expect(segments('spark_conf.spark.sql.shuffle.partitions')).toEqual(['spark_conf', 'spark.sql.shuffle.partitions'])
    const s = JSON.parse(azureSpec) as Spec
    expect(getPath(s, 'spark_conf.spark.sql.shuffle.partitions')).toBe('64')
    expect(getPath(s, 'init_scripts.1.volumes.destination')).toBe('/Volumes/ops/init/base.sh')
    expect(getPath(s, 'autoscale.max_workers')).toBe(8)
    expect(getPath(s, 'nope.deeper')).toBeUndefined()
  })

  it('sets and deletes in place, creating and pruning containers', () => {
    const s: Spec = {}
    setPath(s, 'init_scripts.0.dbfs.destination', 'dbfs:/x.sh')
    setPath(s, 'custom_tags.cost.center', 'cc-1')
    expect(s).toEqual({ init_scripts: [{ dbfs: { destination: 'dbfs:/x.sh' } }], custom_tags: { 'cost.center': 'cc-1' } })
    deletePath(s, 'custom_tags.cost.center')
    expect(s.custom_tags).toBeUndefined()
    setPath(s, 'azure_attributes.availability', 'SPOT_AZURE')
    deletePath(s, 'azure_attributes.availability')
    expect('azure_attributes' in s).toBe(false)
  })

  it('matches wildcard rules and nests problems under fields', () => {
    expect(matchPath('init_scripts.*.volumes.destination', 'init_scripts.3.volumes.destination')).toBe(true)
    expect(matchPath('init_scripts.0.volumes.destination', 'init_scripts.1.volumes.destination')).toBe(false)
    expect(matchPath('spark_conf.spark.x', 'spark_conf.spark.x')).toBe(true)
    expect(pathWithin('autoscale.max_workers', 'autoscale')).toBe(true)
    expect(pathWithin('autoscale_x', 'autoscale')).toBe(false)
  })
})

describe('form edits round-trip through the JSON', () => {
  for (const [name, text] of [
    ['azure', azureSpec],
    ['aws', awsSpec],
    ['gcp', gcpSpec],
    ['pool', poolSpec],
    ['single node (is_single_node)', singleSpec],
  ] as const) {
    it(`${name}: every form switch there and back leaves the rest byte-for-byte`, () => {
      const original = JSON.parse(text) as Spec
      const s = clone(original)
      const untouched = () => {
        const o = clone(original)
        const c = clone(s)
        for (const k of ['num_workers', 'autoscale', 'spark_conf', 'custom_tags']) {
          delete o[k]
          delete c[k]
        }
        return [JSON.stringify(c), JSON.stringify(o)]
      }
      const single = isSingleNode(original)
      setSingleNode(s, !single)
      expect(isSingleNode(s)).toBe(!single)
      setSingleNode(s, single)
      expect(isSingleNode(s)).toBe(single)
      if (single) expect(s.num_workers).toBe(0)
      const [a, b] = untouched()
      expect(a).toBe(b)
      if (!single) {
        setAutoscale(s, !('autoscale' in original))
        setAutoscale(s, 'autoscale' in original)
      }
      // Libraries and init scripts stay as written, in order.
      expect(JSON.stringify(s.libraries)).toBe(JSON.stringify(original.libraries))
      expect(JSON.stringify(s.init_scripts)).toBe(JSON.stringify(original.init_scripts))
      expect(JSON.stringify(s.spark_conf)).toBe(JSON.stringify(original.spark_conf))
      // JSON tab: text -> object -> text is stable.
      const pretty = JSON.stringify(s, null, 2)
      expect(JSON.stringify(JSON.parse(pretty), null, 2)).toBe(pretty)
    })
  }

  it('a pool removes node types and cloud attributes, nothing else', () => {
    const s = JSON.parse(azureSpec) as Spec
    setPool(s, 'worker', 'pool-1')
    expect(s.node_type_id).toBeUndefined()
    expect(s.azure_attributes).toBeUndefined()
    expect(s.docker_image).toEqual(JSON.parse(azureSpec).docker_image)
    expect(s.instance_pool_id).toBe('pool-1')
  })

  it('a policy fills fixed values and defaults and drops forbidden fields', () => {
    const s = JSON.parse(azureSpec) as Spec
    applyPolicy(
      s,
      [
        { path: 'custom_tags.team', value: 'platform', kind: 'fixed' },
        { path: 'autotermination_minutes', value: 120, kind: 'default' },
        { path: 'spark_conf.spark.databricks.io.cache.enabled', value: 'true', kind: 'fixed' },
      ],
      ['init_scripts.1.volumes.destination', 'init_scripts.*.dbfs.destination'],
    )
    expect(getPath(s, 'custom_tags.team')).toBe('platform')
    expect(s.autotermination_minutes).toBe(60) // a default never overwrites
    expect(s.init_scripts).toHaveLength(1)
  })
})

describe('pasted key/value lines', () => {
  it('reads space, = and : separated lines', () => {
    expect(
      parsePairs('spark.sql.shuffle.partitions 64\n# comment\n\nPYSPARK_PYTHON=/usr/bin/python3\nteam: "data eng"\nflag'),
    ).toEqual([
      { key: 'spark.sql.shuffle.partitions', value: '64' },
      { key: 'PYSPARK_PYTHON', value: '/usr/bin/python3' },
      { key: 'team', value: 'data eng' },
      { key: 'flag', value: '' },
    ])
  })
})

describe('policy size defaults', () => {
  it('autoscale defaults replace a fixed size the user had not chosen', () => {
    const s: Spec = { num_workers: 2 }
    applyPolicy(s, [{ path: 'autoscale.max_workers', value: 4, kind: 'default' }], [])
    expect(s).toEqual({ autoscale: { max_workers: 4 } })
  })
})

describe('single node', () => {
  it('is recognised in every way the API takes', () => {
    expect(isSingleNode(JSON.parse(singleSpec) as Spec)).toBe(true)
    expect(isSingleNode({ spark_conf: { 'spark.databricks.cluster.profile': 'singleNode' } })).toBe(true)
    expect(isSingleNode({ custom_tags: { ResourceClass: 'SingleNode' } })).toBe(true)
    expect(isSingleNode({ spark_conf: { 'spark.master': 'local[4]' } })).toBe(true)
    expect(isSingleNode({ is_single_node: false, num_workers: 0 })).toBe(false)
    expect(isSingleNode(JSON.parse(azureSpec) as Spec)).toBe(false)
  })
  it('a CLASSIC_PREVIEW spec switches with is_single_node, not the Spark settings', () => {
    const s: Spec = { kind: 'CLASSIC_PREVIEW', num_workers: 2 }
    setSingleNode(s, true)
    expect(s).toEqual({ kind: 'CLASSIC_PREVIEW', num_workers: 0, is_single_node: true })
    setSingleNode(s, false)
    expect(s).toEqual({ kind: 'CLASSIC_PREVIEW', num_workers: 2, is_single_node: false })
  })
})

describe('policy log delivery', () => {
  it('a default for cluster_log_conf.path lands on the destination of its kind', () => {
    const s = JSON.parse(awsSpec) as Spec
    delete s.cluster_log_conf
    // What the evaluator reports for {"cluster_log_conf.type": fixed VOLUMES, "cluster_log_conf.path": default …}.
    applyPolicy(s, [{ path: 'cluster_log_conf.volumes.destination', value: '/Volumes/logs/team', kind: 'default' }], [])
    expect(s.cluster_log_conf).toEqual({ volumes: { destination: '/Volumes/logs/team' } })
    expect(getPath(s, 'cluster_log_conf.path')).toBeUndefined()
  })
})
