/**
 * Talks to the bridge's in-process demo workspace behind the app's back,
 * over the same REST API (and token) any Databricks client uses: to create
 * clusters for a test, delete them as "someone else", move the demo's
 * virtual time forward and inject faults (the test-only control API, which
 * the bridge enables with --demo-control).
 */
export class DemoWorkspace {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {
    if (!url || !token) throw new Error('the bridge did not print the demo URL and token (--demo-control)')
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.url + path, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`)
    return (text ? JSON.parse(text) : {}) as T
  }

  /** Creates an all-purpose cluster (it starts at once, as in Databricks). */
  async createCluster(name: string, spec: Record<string, unknown> = {}): Promise<string> {
    const res = await this.call<{ cluster_id: string }>('POST', '/api/2.1/clusters/create', {
      cluster_name: name, spark_version: '16.4.x-scala2.12', node_type_id: 'Standard_DS3_v2', num_workers: 1,
      autotermination_minutes: 120, data_security_mode: 'SINGLE_USER', custom_tags: { suite: 'e2e' }, ...spec,
    })
    return res.cluster_id
  }

  async get(id: string): Promise<{ state: string; num_workers?: number; autoscale?: { min_workers: number; max_workers: number } }> {
    return this.call('GET', `/api/2.1/clusters/get?cluster_id=${encodeURIComponent(id)}`)
  }

  async terminate(id: string): Promise<void> {
    await this.call('POST', '/api/2.1/clusters/delete', { cluster_id: id })
  }

  async permanentDelete(id: string): Promise<void> {
    await this.call('POST', '/api/2.1/clusters/permanent-delete', { cluster_id: id })
  }

  /** Cuts the workspace off: every API connection is reset until restore(). */
  async outage(): Promise<void> {
    await this.call('POST', '/__demo/control/outage', {})
  }

  /** Ends an outage. */
  async restore(): Promise<void> {
    await this.call('POST', '/__demo/control/restore', {})
  }

  /** Moves the demo's virtual clock forward. */
  async advance(seconds: number): Promise<void> {
    await this.call('POST', '/__demo/control/advance', { seconds })
  }

  /** Advances time in steps until the cluster is in state (a start takes ~4 virtual minutes). */
  async waitState(id: string, state: string, stepSeconds = 30, maxSteps = 40): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      if ((await this.get(id)).state === state) return
      await this.advance(stepSeconds)
    }
    throw new Error(`cluster ${id} never reached ${state}`)
  }

  /** A cluster that ran once and is now TERMINATED (every lifecycle action but Start is off). */
  async createTerminated(name: string): Promise<string> {
    const id = await this.createCluster(name)
    await this.waitState(id, 'RUNNING')
    await this.terminate(id)
    await this.waitState(id, 'TERMINATED', 10)
    return id
  }

  async injectFault(fault: { Method?: string; PathPrefix?: string; Kind: string; Count?: number; ErrorCode?: string }): Promise<void> {
    await this.call('POST', '/__demo/control/fault', { fault })
  }

  async clearFaults(): Promise<void> {
    await this.call('POST', '/__demo/control/clear-faults', {})
  }

  /** Creates a SQL warehouse (it starts at once, as in Databricks) and returns its id. */
  async createWarehouse(name: string, spec: Record<string, unknown> = {}): Promise<string> {
    const res = await this.call<{ id: string }>('POST', '/api/2.0/sql/warehouses', {
      name, cluster_size: '2X-Small', warehouse_type: 'PRO', enable_serverless_compute: false, auto_stop_mins: 0, ...spec,
    })
    return res.id
  }

  /** A SQL warehouse's state, or '' once it is gone. */
  async warehouseState(id: string): Promise<string> {
    const res = await fetch(`${this.url}/api/2.0/sql/warehouses/${encodeURIComponent(id)}`, { headers: { Authorization: `Bearer ${this.token}` } })
    if (res.status === 404) return ''
    return ((await res.json()) as { state: string }).state
  }

  /** Deletes a SQL warehouse as someone else would. */
  async deleteWarehouse(id: string): Promise<void> {
    await this.call('DELETE', `/api/2.0/sql/warehouses/${encodeURIComponent(id)}`)
  }

  /** Drives a RUNNING cluster into ERROR, as when its driver is lost. */
  async failCluster(id: string): Promise<void> {
    await this.call('POST', '/__demo/control/cluster-error', { cluster_id: id })
  }

  /** Makes a cluster's delivered driver logs about `bytes` longer (older lines first, built only when read). */
  async logSize(id: string, bytes: number): Promise<void> {
    await this.call('POST', '/__demo/control/log-size', { cluster_id: id, bytes })
  }

  /** A cluster's libraries and their install state (the Libraries API). */
  async libraryStatuses(id: string): Promise<Array<{ library: { pypi?: { package: string } }; status: string }>> {
    const res = await this.call<{ library_statuses?: Array<{ library: { pypi?: { package: string } }; status: string }> }>(
      'GET',
      `/api/2.0/libraries/cluster-status?cluster_id=${encodeURIComponent(id)}`,
    )
    return res.library_statuses ?? []
  }
}
