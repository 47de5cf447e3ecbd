import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/api', async (orig) => (await import('@/stores/clusters.mock')).withClustersMocked(await orig()))
vi.mock('../../wailsjs/go/models', () => ({
  app: {
    EventName: { ClustersChanged: 'clusters:changed', ClustersStatus: 'clusters:status', ClusterChanged: 'cluster:changed' },
    ConnectionState: { Online: 'online', Offline: 'offline', Checking: 'checking', Unauthorized: 'unauthorized' },
  },
}))

import { clustersApi, type ClusterRow, type ClustersDelta, type ConnectionView } from '@/api'
import { useClustersStore } from './clusters'
import { useWorkspacesStore } from './workspaces'

const r = (id: string, state = 'RUNNING'): ClusterRow => ({ id, name: id, state, pinned: false }) as unknown as ClusterRow
const delta = (p: Partial<ClustersDelta>): ClustersDelta => ({
  workspace: 'demo', view: 'all-purpose', reset: false, complete: false, upserts: [], removed: [], ...p,
})

describe('clusters store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('leaves no stale workspace watched when the switch is quicker than the call', async () => {
    const s = useClustersStore()
    await s.watch('a', 'all-purpose', 'me') // the action table is loaded from here on
    vi.mocked(clustersApi.watch).mockClear()
    vi.mocked(clustersApi.unwatch).mockClear()
    let releaseB!: () => void
    vi.mocked(clustersApi.watch).mockImplementationOnce(() => new Promise<void>((res) => (releaseB = res)))
    const toB = s.watch('b', 'all-purpose', 'me')
    const toC = s.watch('c', 'all-purpose', 'me')
    await toC
    releaseB() // b's watch lands after the switch to c, and after c's unwatch of b
    await toB
    expect(s.workspace).toBe('c')
    const watched = vi.mocked(clustersApi.watch).mock.calls.map((c) => c[0])
    const unwatched = vi.mocked(clustersApi.unwatch).mock.calls.map((c) => c[0])
    expect(watched).toEqual(['b', 'c'])
    // b's last word is an unwatch, so the backend stops polling it.
    expect(unwatched.filter((w) => w === 'b').length).toBe(2)
    expect(unwatched).not.toContain('c')
  })

  it('streams pages, then drops rows a full pass did not see', async () => {
    const s = useClustersStore()
    await s.watch('demo', 'all-purpose', 'me')
    s.apply(delta({ reset: true, upserts: [r('a'), r('b')] }))
    expect(s.all.map((x) => x.id)).toEqual(['a', 'b'])
    s.apply(delta({ upserts: [r('c')] }))
    s.apply(delta({ complete: true }))
    expect(s.all).toHaveLength(3)
    expect(s.complete).toBe(true)
    // A later full pass (the page came back) no longer has b.
    s.apply(delta({ reset: true, upserts: [r('a'), r('c')] }))
    expect(s.all).toHaveLength(3)
    s.apply(delta({ complete: true }))
    expect(s.all.map((x) => x.id).sort()).toEqual(['a', 'c'])
  })

  it('applies diffs by id and ignores other views', async () => {
    const s = useClustersStore()
    await s.watch('demo', 'all-purpose', 'me')
    s.apply(delta({ reset: true, complete: true, upserts: [r('a', 'TERMINATED'), r('b')] }))
    s.apply(delta({ complete: true, upserts: [r('a', 'PENDING')], removed: ['b'] }))
    expect(s.all.map((x) => `${x.id}:${x.state}`)).toEqual(['a:PENDING'])
    s.apply(delta({ view: 'job', upserts: [r('j')] }))
    s.apply(delta({ workspace: 'other', upserts: [r('o')] }))
    expect(s.all).toHaveLength(1)
  })

  it('says why an action is not possible', async () => {
    const s = useClustersStore()
    s.table = { RUNNING: { 'all-purpose': [{ action: 'start', enabled: false, reason: 'It is already running.' }] } }
    expect(s.availability({ state: 'RUNNING', kind: 'all-purpose', pinned: false }, 'start')).toMatchObject({
      enabled: false, reason: 'It is already running.',
    })
    expect(s.availability({ state: 'RUNNING', kind: 'all-purpose', pinned: true }, 'pin').enabled).toBe(false)
  })

  it('paints the last known rows of a list at once when it is shown again', async () => {
    const s = useClustersStore()
    await s.watch('demo', 'all-purpose', 'me')
    s.apply(delta({ reset: true, complete: true, upserts: [r('a'), r('b')] }))
    await s.watch('prod', 'all-purpose', 'me')
    expect(s.all).toEqual([])
    expect(s.complete).toBe(false)
    expect(clustersApi.unwatch).toHaveBeenCalledWith('demo')
    s.apply(delta({ workspace: 'prod', reset: true, complete: true, upserts: [r('p')] }))
    s.apply(delta({ upserts: [r('late')] })) // the old workspace's stream is ignored
    expect(s.all.map((x) => x.id)).toEqual(['p'])

    // Back to demo: its rows are there before the backend answers.
    void s.watch('demo', 'all-purpose', 'me')
    expect(s.all.map((x) => x.id)).toEqual(['a', 'b'])
    expect(s.complete).toBe(true)
    // The backend's fresh pass then replaces them.
    s.apply(delta({ reset: true, upserts: [r('a', 'PENDING')] }))
    s.apply(delta({ complete: true }))
    expect(s.all.map((x) => `${x.id}:${x.state}`)).toEqual(['a:PENDING'])
    // Another tab of the same workspace has its own rows.
    await s.watch('demo', 'job', 'me')
    expect(s.all).toEqual([])
  })

  it('keeps each workspace its own search: switching clears it, coming back restores it', async () => {
    const s = useClustersStore()
    await s.watch('a', 'all-purpose', 'me')
    s.filters = { ...s.filters, search: 'etl', states: ['RUNNING'] }
    await s.watch('b', 'all-purpose', 'me')
    expect(s.filters.search).toBe('')
    expect(s.filters.states).toEqual([])
    s.filters = { ...s.filters, search: 'ml' }
    // Another tab of the same workspace keeps the search.
    await s.watch('b', 'job', 'me')
    expect(s.filters.search).toBe('ml')
    await s.watch('a', 'all-purpose', 'me')
    expect(s.filters).toMatchObject({ search: 'etl', states: ['RUNNING'] })
    await s.watch('b', 'all-purpose', 'me')
    expect(s.filters.search).toBe('ml')
  })

  it('counts a streaming listing against the last full one', async () => {
    const s = useClustersStore()
    await s.watch('demo', 'all-purpose', 'me')
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `c${from + i}`, name: `c${from + i}` }) as unknown as ClusterRow)
    const base = { workspace: 'demo', view: 'all-purpose' as const, removed: null }
    s.apply({ ...base, reset: true, complete: false, upserts: rows(0, 3) })
    expect(s.progress).toMatchObject({ seen: 3, about: 0 })
    s.apply({ ...base, reset: false, complete: true, upserts: rows(3, 2), fetchedAt: '2026-01-01T09:00:00Z' })
    expect(s.progress).toBeNull()
    s.apply({ ...base, reset: true, complete: false, upserts: rows(0, 2) })
    expect(s.progress).toMatchObject({ seen: 2, about: 5 })
  })

  it('disables every action while the workspace is offline, saying why', async () => {
    const s = useClustersStore()
    const ws = useWorkspacesStore()
    s.table = { RUNNING: { 'all-purpose': [{ action: 'terminate', enabled: true }, { action: 'edit', enabled: true }] } }
    await s.watch('demo', 'all-purpose', 'me')
    const running = { state: 'RUNNING', kind: 'all-purpose', pinned: false }
    expect(s.availability(running, 'terminate').enabled).toBe(true)
    expect(s.offline).toBeNull()

    const updated = new Date(Date.now() - 10.5 * 60_000).toISOString() // the shared clock may be a second behind
    s.apply({ workspace: 'demo', view: 'all-purpose', reset: true, complete: true, upserts: [], removed: null, fetchedAt: updated })
    // The backend polled later (for Fleet) without the page: that is not the rows' age.
    const polled = new Date(Date.now() - 35_000).toISOString()
    s.status = { workspace: 'demo', view: 'all-purpose', lastUpdated: polled, nextAt: '', running: false, paused: false, stale: true, failures: 3 }
    ws.connections = { demo: { workspaceId: 'demo', state: 'offline', user: '', checkedAt: '' } as unknown as ConnectionView }
    for (const a of ['terminate', 'edit'] as const) {
      expect(s.availability(running, a)).toEqual({
        action: a, enabled: false, reason: 'Offline: showing data from 10 min ago; reconnects by itself',
      })
    }
    ws.connections = { demo: { workspaceId: 'demo', state: 'online', user: 'me', checkedAt: '' } as unknown as ConnectionView }
    expect(s.availability(running, 'edit').enabled).toBe(true)
  })

  it('is read-only with the reason while the workspace refuses the credentials (sign-in needed)', async () => {
    const s = useClustersStore()
    const ws = useWorkspacesStore()
    s.table = { RUNNING: { 'all-purpose': [{ action: 'terminate', enabled: true }] } }
    await s.watch('demo', 'all-purpose', 'me')
    ws.connections = { demo: { workspaceId: 'demo', state: 'unauthorized', user: '', checkedAt: '' } as unknown as ConnectionView }
    // ComputeView disables Create compute with this reason as its tooltip.
    expect(s.offline).toMatch(/^Sign-in needed: the workspace refused the credentials/)
    const running = { state: 'RUNNING', kind: 'all-purpose', pinned: false }
    expect(s.availability(running, 'terminate')).toEqual({ action: 'terminate', enabled: false, reason: s.offline })
    ws.connections = { demo: { workspaceId: 'demo', state: 'online', user: 'me', checkedAt: '' } as unknown as ConnectionView }
    expect(s.offline).toBeNull()
  })

  it('follows one cluster: leaving one page for another never unwatches the new one', async () => {
    const s = useClustersStore()
    vi.mocked(clustersApi.watchDetail).mockClear()
    vi.mocked(clustersApi.unwatchDetail).mockClear()
    const order: string[] = []
    vi.mocked(clustersApi.watchDetail).mockImplementation(async (_ws, id) => void order.push(`watch ${id}`))
    vi.mocked(clustersApi.unwatchDetail).mockImplementation(async () => void order.push('unwatch'))

    const stopEditor = s.followDetail('demo', 'c-1', () => undefined)
    stopEditor() // the editor closes…
    const stopPage = s.followDetail('demo', 'c-1', () => undefined) // …and the cluster's page opens
    await vi.waitFor(() => expect(order).toEqual(['watch c-1', 'watch c-1']))
    stopPage()
    await vi.waitFor(() => expect(order).toEqual(['watch c-1', 'watch c-1', 'unwatch']))
    stopEditor() // a second stop of a replaced follow sends nothing
    await Promise.resolve()
    expect(order).toEqual(['watch c-1', 'watch c-1', 'unwatch'])
  })
})
