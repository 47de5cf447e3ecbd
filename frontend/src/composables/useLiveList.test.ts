import { createPinia, defineStore, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { useLiveList, type LiveView } from './useLiveList'

const api = { list: vi.fn() }
// A kind's store as the pools and warehouses stores make theirs.
type Listed = LiveView & { pools: Array<{ id: string; name: string }> }
const usePoolsStore = defineStore('live-list-test', () => useLiveList<Listed>((ws: string) => api.list(ws) as Promise<Listed>))

const view = (ws: string, nextPollSec: number, names: string[] = ['a']) => ({
  cache: { workspaceId: ws },
  live: true,
  pending: nextPollSec === 5,
  nextPollSec,
  pools: names.map((n) => ({ id: n, name: n })),
})

describe('useLiveList (the pools and warehouses stores)', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('lists once per interval, faster while instances are pending', async () => {
    api.list.mockResolvedValueOnce(view('demo', 5)).mockResolvedValue(view('demo', 30))
    const store = usePoolsStore()
    await store.watch('demo')
    expect(api.list).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(4_900)
    expect(api.list).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(api.list).toHaveBeenCalledTimes(2) // 5 s while pending
    await vi.advanceTimersByTimeAsync(29_000)
    expect(api.list).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_100)
    expect(api.list).toHaveBeenCalledTimes(3) // 30 s at rest
    store.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.list).toHaveBeenCalledTimes(3)
  })

  it('keeps the rows it had when a poll fails, with the error', async () => {
    api.list.mockResolvedValueOnce(view('demo', 30, ['kept'])).mockRejectedValue({ code: 'UNREACHABLE', message: 'Down.', hint: '' })
    const store = usePoolsStore()
    await store.watch('demo')
    await store.refresh()
    expect(store.list?.pools.map((p) => p.name)).toEqual(['kept'])
    expect(store.error?.code).toBe('UNREACHABLE')
    store.stop()
  })

  it('drops an answer for a workspace it no longer watches', async () => {
    let resolve: (v: unknown) => void = () => {}
    api.list.mockImplementationOnce(() => new Promise((r) => (resolve = r))).mockResolvedValue(view('prod', 30, ['prod-pool']))
    const store = usePoolsStore()
    const first = store.watch('demo')
    await store.watch('prod')
    resolve(view('demo', 30, ['demo-pool']))
    await first
    expect(store.list?.pools.map((p) => p.name)).toEqual(['prod-pool'])
    store.stop()
  })
})
