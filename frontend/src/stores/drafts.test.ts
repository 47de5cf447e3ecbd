import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  list: vi.fn(),
  targets: vi.fn(),
  trash: vi.fn(),
  refreshCatalog: vi.fn(),
  remove: vi.fn(),
  restore: vi.fn(),
}))

vi.mock('@/api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/api')>()
  return { ...real, draftsApi: api }
})

import { STALE_CATALOG_SECONDS, useDraftsStore } from './drafts'

const cache = (ageSeconds: number, cached = true) => ({ cached, fetchedAt: '', ageSeconds })
const target = (id: string, age: number, cached = true) => ({ id, name: id, demo: false, production: false, cache: cache(age, cached), policies: [] })
const row = (id: string) => ({ id, name: id, clusterName: id, workspaceId: 'demo', workspaceName: 'Demo', updatedAt: '', applied: [],
  check: { state: 'ok', errors: 0, warnings: 0, cache: cache(10), partial: '' } })

describe('drafts store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    api.list.mockResolvedValue({ drafts: [row('a')], problems: [] })
    api.targets.mockResolvedValue([target('demo', 10), target('old', STALE_CATALOG_SECONDS + 1), target('none', 0, false)])
    api.trash.mockResolvedValue([])
  })

  it('loads drafts, targets and trash together', async () => {
    const store = useDraftsStore()
    await store.load()
    expect(store.rows.map((r) => r.id)).toEqual(['a'])
    expect(store.target('demo')?.cache.cached).toBe(true)
    expect(store.error).toBeNull()
  })

  it('keeps the error when the list cannot be read', async () => {
    api.list.mockRejectedValue({ code: 'DRAFTS_UNAVAILABLE', message: 'Drafts are not available in this run.', hint: 'Restart.' })
    const store = useDraftsStore()
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.error?.code).toBe('DRAFTS_UNAVAILABLE')
  })

  it('refreshes only missing or old catalogs, and stays quiet offline', async () => {
    const store = useDraftsStore()
    await store.load()
    api.refreshCatalog.mockRejectedValue({ code: 'UNREACHABLE', message: 'The workspace cannot be reached.', hint: '' })
    await store.refreshIfStale('demo')
    expect(api.refreshCatalog).not.toHaveBeenCalled()
    await store.refreshIfStale('old')
    await store.refreshIfStale('none')
    expect(api.refreshCatalog.mock.calls).toEqual([['old'], ['none']])
    expect(store.refreshing.none).toBe(false)
  })

  it('replaces the target with the fresh one after a refresh', async () => {
    const store = useDraftsStore()
    await store.load()
    api.refreshCatalog.mockResolvedValue(target('old', 0))
    await store.refreshCatalog('old')
    expect(store.target('old')?.cache.ageSeconds).toBe(0)
  })

  it('reloads after moving a draft to the trash', async () => {
    const store = useDraftsStore()
    await store.load()
    api.remove.mockResolvedValue(undefined)
    api.list.mockResolvedValue({ drafts: [], problems: [] })
    api.trash.mockResolvedValue([{ id: 'a', name: 'a', clusterName: 'a', deletedAt: '' }])
    await store.remove('a')
    expect(store.rows).toEqual([])
    expect(store.trash).toHaveLength(1)
  })
})
