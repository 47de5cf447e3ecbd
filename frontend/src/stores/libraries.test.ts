import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({ get: vi.fn(), install: vi.fn(), uninstall: vi.fn(), elsewhere: vi.fn() }))
vi.mock('@/api/libraries', () => ({ librariesApi: api }))

import { POLL_MS } from '@/components/libraries/tab'
import { useLibrariesStore } from './libraries'

const view = (labels: string[], changing = false) => ({
  libraries: labels.map((l) => ({ key: `pypi:${l}`, label: l, kind: 'pypi', status: changing ? 'INSTALLING' : 'INSTALLED', messages: [] })),
  actions: ['install', 'uninstall'],
  installNote: '',
  changing,
})
const down = { code: 'UNREACHABLE', message: 'Down.', hint: '' }

describe('libraries store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('reads again every few seconds only while a library is changing', async () => {
    api.get.mockResolvedValueOnce(view(['a'], true)).mockResolvedValue(view(['a']))
    const store = useLibrariesStore()
    await store.watch('demo', 'c-1')
    expect(api.get).toHaveBeenCalledWith('demo', 'c-1')
    await vi.advanceTimersByTimeAsync(POLL_MS - 100)
    expect(api.get).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(api.get).toHaveBeenCalledTimes(2) // changing: POLL_MS
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.get).toHaveBeenCalledTimes(2) // at rest: only when poked
    await store.refresh()
    expect(api.get).toHaveBeenCalledTimes(3)
    store.stop()
  })

  it('shows a change at once and follows it while it is under way', async () => {
    api.get.mockResolvedValueOnce(view([])).mockResolvedValue(view(['pandas']))
    api.install.mockResolvedValueOnce({ view: view(['pandas'], true), note: 'Installing now.', problems: [], done: true })
    const store = useLibrariesStore()
    await store.watch('demo', 'c-1')
    const out = await store.install({ kind: 'pypi', package: 'pandas' })
    expect(out?.done).toBe(true)
    expect(api.install).toHaveBeenCalledWith('demo', 'c-1', { kind: 'pypi', package: 'pandas' })
    expect(store.view?.changing).toBe(true)
    expect(store.note).toBe('Installing now.')
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(api.get).toHaveBeenCalledTimes(2)
    expect(store.view?.changing).toBe(false)
    expect(store.note).toBe('') // the change is over: the note has said its piece
    store.stop()
  })

  it('keeps the libraries it had when a read fails, with the error', async () => {
    api.get.mockResolvedValueOnce(view(['kept'])).mockRejectedValue(down)
    const store = useLibrariesStore()
    await store.watch('demo', 'c-1')
    await store.refresh()
    expect(store.view?.libraries.map((l) => l.label)).toEqual(['kept'])
    expect(store.error?.code).toBe('UNREACHABLE')
    store.stop()
  })

  it('drops answers for a cluster it no longer shows', async () => {
    let resolveRead: (v: unknown) => void = () => {}
    let resolveInstall: (v: unknown) => void = () => {}
    api.get
      .mockResolvedValueOnce(view(['old']))
      .mockImplementationOnce(() => new Promise((r) => (resolveRead = r)))
      .mockResolvedValue(view(['new']))
    api.install.mockImplementationOnce(() => new Promise((r) => (resolveInstall = r)))
    const store = useLibrariesStore()
    await store.watch('demo', 'c-1')
    const installing = store.install({ kind: 'pypi', package: 'late' })
    const reading = store.refresh()
    await store.watch('demo', 'c-2')
    resolveRead(view(['late read']))
    resolveInstall({ view: view(['late install'], true), note: 'Installing now.', problems: [], done: true })
    expect(await installing).toBeNull()
    await reading
    expect(store.view?.libraries.map((l) => l.label)).toEqual(['new'])
    expect(store.note).toBe('')
    expect(store.busy).toBe(false)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.get).toHaveBeenCalledTimes(3) // the late install planned no reads
    store.stop()
  })

  it('says why a change failed and keeps the view', async () => {
    api.get.mockResolvedValue(view(['a']))
    api.uninstall.mockRejectedValueOnce(down)
    const store = useLibrariesStore()
    await store.watch('demo', 'c-1')
    expect(await store.uninstall('pypi:a')).toBeNull()
    expect(store.actionError?.code).toBe('UNREACHABLE')
    expect(store.view?.libraries).toHaveLength(1)
    store.stop()
  })
})
