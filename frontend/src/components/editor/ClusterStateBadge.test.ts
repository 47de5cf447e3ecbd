import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, nextTick } from 'vue'

// The cluster's watch, faked: handlers by event name, and spies on every call
// the badge could make to learn a state by itself.
const events = vi.hoisted(() => new Map<string, (...data: unknown[]) => void>())
vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return {
    ...real,
    onEvent: vi.fn((name: string, handler: (...data: unknown[]) => void) => {
      events.set(name, handler)
      return () => events.delete(name)
    }),
    clustersApi: {
      ...real.clustersApi,
      watchDetail: vi.fn(async () => undefined),
      unwatchDetail: vi.fn(async () => undefined),
      setVisible: vi.fn(async () => undefined),
      get: vi.fn(),
    },
    editorApi: { ...real.editorApi, getForEdit: vi.fn() },
  }
})
vi.mock('../../../wailsjs/go/models', () => ({
  app: {
    EventName: { ClusterChanged: 'cluster:changed' },
    ConnectionState: { Online: 'online', Offline: 'offline', Checking: 'checking', Unauthorized: 'unauthorized' },
  },
}))

import { clustersApi, editorApi } from '@/api'
import { useClustersStore } from '@/stores/clusters'
import ClusterStateBadge from './ClusterStateBadge.vue'

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
  await nextTick()
}
const changed = (state: string) => ({ workspace: 'demo', clusterId: 'c-1', deleted: false, detail: { row: { id: 'c-1', state } } })

describe('ClusterStateBadge', () => {
  beforeEach(() => {
    const pinia = createPinia()
    setActivePinia(pinia)
    useClustersStore() // its shared clock starts here, before the fake timers
    mount(defineComponent({ render: () => null })).unmount() // so does Vue's devtools hook
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.clearAllMocks()
    events.clear()
  })

  it('shows the state the cluster watch reports, with no timer or call of its own', async () => {
    const w = mount(ClusterStateBadge, { props: { workspaceId: 'demo', clusterId: 'c-1' } })
    await settle()
    expect(clustersApi.watchDetail).toHaveBeenCalledWith('demo', 'c-1')
    const emit = events.get('cluster:changed:demo:c-1')
    expect(emit, 'the badge listens to the cluster watch').toBeDefined()

    emit!(changed('PENDING'))
    await nextTick()
    expect(w.get('[data-testid="cluster-state"]').attributes('data-state')).toBe('PENDING')
    emit!(changed('RUNNING'))
    await nextTick()
    expect(w.get('[data-testid="cluster-state"]').attributes('data-state')).toBe('RUNNING')
    expect(w.get('[data-testid="state-badge"]').text()).toBe('Running')

    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(editorApi.getForEdit).not.toHaveBeenCalled()
    expect(clustersApi.get).not.toHaveBeenCalled()
    expect(clustersApi.watchDetail).toHaveBeenCalledTimes(1)

    w.unmount()
    await settle()
    expect(events.has('cluster:changed:demo:c-1')).toBe(false)
    expect(clustersApi.unwatchDetail).toHaveBeenCalledTimes(1)
  })

  it('keeps its state when the watch reports an error', async () => {
    const w = mount(ClusterStateBadge, { props: { workspaceId: 'demo', clusterId: 'c-1' } })
    await settle()
    const emit = events.get('cluster:changed:demo:c-1')!
    emit(changed('RUNNING'))
    emit({ workspace: 'demo', clusterId: 'c-1', deleted: false, error: { code: 'OFFLINE', message: 'x' } })
    await nextTick()
    expect(w.get('[data-testid="cluster-state"]').attributes('data-state')).toBe('RUNNING')
  })
})
