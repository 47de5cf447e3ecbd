import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return {
    ...real,
    onEvent: vi.fn(() => () => undefined),
    clustersApi: { ...real.clustersApi, watch: vi.fn(async () => undefined), actionTable: vi.fn(async () => ({})) },
  }
})
vi.mock('../../wailsjs/go/models', () => ({ app: { EventName: { ClustersChanged: 'clusters:changed', ClustersStatus: 'clusters:status' } } }))

import type { ClusterRow, ClustersDelta } from '@/api'
import { useClustersStore } from './clusters'

const r = (id: string, state = 'RUNNING'): ClusterRow => ({ id, name: id, state, pinned: false }) as unknown as ClusterRow
const delta = (p: Partial<ClustersDelta>): ClustersDelta => ({
  workspace: 'demo', view: 'all-purpose', reset: false, complete: false, upserts: [], removed: [], ...p,
})

describe('clusters store', () => {
  beforeEach(() => setActivePinia(createPinia()))

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
})
