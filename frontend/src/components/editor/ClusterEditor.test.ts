import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Evaluation, Problem } from '@/api/editor'
import type { Spec } from './specPath'

const problem = (path: string, message: string, severity = 'error'): Problem =>
  ({ path, source: 'spec', code: 'x', message, severity, estimated: false }) as Problem
let problems: Problem[] = []
let policy: unknown = undefined
let estimate: unknown = undefined
let cachedOffline = { offline: false, fetchedAt: '', ageSeconds: 0 }

vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return {
    ...real,
    editorApi: {
      catalog: vi.fn(async () => ({
        workspaceId: 'demo', cloud: 'azure', currentUser: 'a@example.com', ...cachedOffline, problems: [],
        policies: [], runtimes: [], nodeTypes: [],
        pools: [{ id: 'pool-1', name: 'Pool', nodeTypeId: 'Standard_DS3_v2', idle: 1 }],
      })),
      // With defaults asked for, the policy fills autotermination_minutes.
      evaluate: vi.fn(async (_ws: string, _spec: string, applyDefaults: boolean): Promise<Evaluation> =>
        ({ problems, errors: problems.length, warnings: 0, policyId: '', policy, constraints: [], notes: [],
          applied: applyDefaults ? [{ path: 'autotermination_minutes', value: 45, kind: 'default' }] : [], ...(estimate ?? {}) }) as unknown as Evaluation),
      checkWithServer: vi.fn(async () => ({
        clusterId: 'c-1', policyId: 'P1', serverCompliant: true, server: [], agree: false, draftDiffers: false,
        ours: [{ path: 'dbus_per_hour', message: 'Validation failed for dbus_per_hour, the value must be at most 20 (is "30")' }],
      })),
    },
  }
})
vi.mock('./JsonEditor.vue', () => ({ default: { template: '<div />' } }))

import { editorApi } from '@/api'
import ClusterEditor from './ClusterEditor.vue'
import JsonEditor from './JsonEditor.vue'

afterEach(() => vi.useRealTimers())

async function mounted(spec: Spec, clusterId?: string, startPolicy?: string) {
  vi.useFakeTimers()
  const w = mount(ClusterEditor, { props: { workspaceId: 'demo', spec, clusterId, startPolicy }, global: { plugins: [createPinia()] } })
  await flushPromises()
  await vi.advanceTimersByTimeAsync(300)
  await flushPromises()
  return w
}
const listed = (w: Awaited<ReturnType<typeof mounted>>) =>
  w.findAll('[data-testid="other-problems"] .field-problem').map((e) => e.attributes('data-path'))

describe('a value not given yet', () => {
  it('waits until the user has been to the field (an empty new form says nothing), then says what is missing', async () => {
    problems = [{ ...problem('cluster_name', 'Give the cluster a name.'), code: 'name_required' } as Problem]
    const w = await mounted({ cluster_name: '', num_workers: 2 })
    const name = w.find('[data-field="cluster_name"]')
    expect(name.text()).not.toContain('Give the cluster a name.')
    expect(name.classes()).not.toContain('invalid')
    expect(listed(w)).toEqual([]) // waiting at its field, not listed elsewhere
    await name.find('input').trigger('focusout')
    expect(name.text()).toContain('Give the cluster a name.')
    expect(name.classes()).toContain('invalid')
    problems = []
    w.unmount()
  })
})

describe('problems whose control is hidden', () => {
  it('are listed when the form hides their field, and shown at the field otherwise', async () => {
    problems = [
      problem('node_type_id', 'Standard_X is not in the catalog.'),
      problem('driver_node_type_id', 'Not in the catalog.'),
      problem('spark_conf.spark.master', 'A single-node cluster needs spark.master.'),
      problem('autotermination_minutes', 'Too long.'),
    ]
    // A pool hides the node types; single node hides the driver type; spark.master is a hidden key.
    const w = await mounted({
      instance_pool_id: 'pool-1',
      num_workers: 0,
      spark_conf: { 'spark.databricks.cluster.profile': 'singleNode', 'spark.master': 'local' },
      custom_tags: { ResourceClass: 'SingleNode' },
    })
    expect(listed(w).sort()).toEqual(['driver_node_type_id', 'node_type_id', 'spark_conf.spark.master'])
    expect(w.find('[data-field="autotermination_minutes"]').text()).toContain('Too long.')

    // Without the pool and in multi node, node and driver types have their rows again.
    await w.setProps({ spec: { num_workers: 2, node_type_id: 'Standard_X', driver_node_type_id: 'Standard_Y' } })
    await vi.advanceTimersByTimeAsync(300)
    await flushPromises()
    // spark.master never has a row of its own (the single-node switch owns it).
    expect(listed(w)).toEqual(['spark_conf.spark.master'])
    expect(w.find('[data-field="node_type_id"]').text()).toContain('not in the catalog')
    expect(w.find('[data-field="driver_node_type_id"]').text()).toContain('Not in the catalog.')
    w.unmount()
  })
})

describe('check with server', () => {
  it('says so when the workspace and this form disagree', async () => {
    problems = []
    policy = { id: 'P1', name: 'DBU capped', description: '', maxClustersPerUser: 0, libraries: [], constraints: [], clusterTypes: ['all-purpose'] }
    const w = await mounted({ policy_id: 'P1', node_type_id: 'Standard_DS3_v2', num_workers: 2 }, 'c-1')
    await w.find('[data-testid="check-server"]').trigger('click')
    await flushPromises()
    const verdict = w.find('[data-testid="server-verdict"]')
    expect(verdict.text()).toContain('The workspace and this form disagree.')
    expect(verdict.text()).toContain('Server: compliant')
    expect(verdict.text()).toContain('dbus_per_hour, the value must be at most 20')
    w.unmount()
  })
})

describe('events for the pages around the editor', () => {
  it('emits the JSON text while it is not a spec object, then null', async () => {
    problems = []
    const w = await mounted({ cluster_name: 'etl', num_workers: 2 })
    await w.find('.n-tabs-tab[data-name="json"]').trigger('click')
    await flushPromises()
    const json = w.findComponent(JsonEditor)
    json.vm.$emit('update:modelValue', '{ "cluster_name": "etl", ')
    json.vm.$emit('update:modelValue', '[1, 2]')
    await flushPromises()
    expect(w.emitted('update:rawText')).toEqual([['{ "cluster_name": "etl", '], ['[1, 2]']])
    expect(w.emitted('update:spec')).toBeUndefined() // the spec stays the last valid one

    json.vm.$emit('update:modelValue', '{ "cluster_name": "etl", "num_workers": 3 }')
    await flushPromises()
    expect(w.emitted('update:rawText')?.at(-1)).toEqual([null])
    expect(w.emitted('update:spec')?.at(-1)).toEqual([{ cluster_name: 'etl', num_workers: 3 }])
    w.unmount()
  })

  it('picks a start policy on mount and applies its defaults', async () => {
    problems = []
    const w = await mounted({ cluster_name: 'etl', num_workers: 2 }, undefined, 'P1')
    const last = w.emitted('update:spec')?.at(-1)?.[0] as Spec
    expect(last.policy_id).toBe('P1')
    expect(last.autotermination_minutes).toBe(45)
    w.unmount()
  })

  it('applies the start policy even when its evaluation answers after a routine one started', async () => {
    // A busy machine: the pick's evaluation takes longer than the 200 ms
    // after which the arriving catalog starts a routine evaluation.
    problems = []
    const evaluate = vi.mocked(editorApi.evaluate)
    const quick = evaluate.getMockImplementation()!
    evaluate.mockImplementation(async (ws, spec, applyDefaults) => {
      if (applyDefaults) await new Promise((r) => setTimeout(r, 1000))
      return quick(ws, spec, applyDefaults)
    })
    try {
      const w = await mounted({ cluster_name: 'etl', num_workers: 2 }, undefined, 'P1')
      await vi.advanceTimersByTimeAsync(1500)
      await flushPromises()
      expect(evaluate.mock.calls.some(([, , applyDefaults]) => !applyDefaults)).toBe(true)
      const last = w.emitted('update:spec')?.at(-1)?.[0] as Spec
      expect(last.policy_id).toBe('P1')
      expect(last.autotermination_minutes).toBe(45)
      w.unmount()
    } finally {
      evaluate.mockImplementation(quick)
    }
  })

  it('picks nothing without a start policy', async () => {
    problems = []
    const w = await mounted({ cluster_name: 'etl', num_workers: 2 })
    expect(w.emitted('update:spec')).toBeUndefined()
    w.unmount()
  })
})

describe('the catalog line', () => {
  afterEach(() => {
    cachedOffline = { offline: false, fetchedAt: '', ageSeconds: 0 }
  })

  it('says in one line that an offline form works from the cache, and how old it is', async () => {
    cachedOffline = { offline: true, fetchedAt: new Date(Date.now() - 3 * 3600_000).toISOString(), ageSeconds: 3 * 3600 }
    const w = await mounted({ cluster_name: 'x' })
    expect(w.find('[data-testid="catalog-age"]').text()).toBe('Offline: using the catalog cached 3 h ago')
    w.unmount()
  })

  it('says when nothing was cached', async () => {
    cachedOffline = { offline: true, fetchedAt: '', ageSeconds: 0 }
    const w = await mounted({ cluster_name: 'x' })
    expect(w.find('[data-testid="catalog-age"]').text()).toContain('Offline: no catalog cached yet')
    w.unmount()
  })
})

describe('the estimate', () => {
  afterEach(() => {
    estimate = undefined
  })
  it('is DBU/h without a price per DBU, and $/h beside it once the workspace has one', async () => {
    estimate = { estimate: { dbusPerHour: 4.5 }, cost: { dbusPerHour: 4.5, pricePerDbu: 0, dollarsPerHour: 0 } }
    let w = await mounted({ cluster_name: 'x' })
    const tag = () => w.find('[data-testid="dbu-estimate"]')
    expect(tag().text()).toContain('≈ 4.5 DBU/h (estimate)')
    expect(tag().text()).not.toContain('$')
    expect(tag().attributes('title')).toContain('No price per DBU is set')
    w.unmount()

    estimate = { estimate: { dbusPerHour: 4.5 }, cost: { dbusPerHour: 4.5, pricePerDbu: 0.55, dollarsPerHour: 2.48 } }
    w = await mounted({ cluster_name: 'x' })
    expect(tag().text()).toContain('≈ $2.48/h · ≈ 4.5 DBU/h (estimate)')
    expect(tag().attributes('data-priced')).toBe('yes')
    w.unmount()
  })
})
