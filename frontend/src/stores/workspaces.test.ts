import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  list: vi.fn(),
  select: vi.fn(),
  status: vi.fn(),
  check: vi.fn(),
  catalogs: vi.fn(),
  keychain: vi.fn(),
  recheckKeychain: vi.fn(),
  create: vi.fn(),
  remove: vi.fn(),
  refreshCatalog: vi.fn(),
  signOut: vi.fn(),
}))
const handlers = vi.hoisted(() => new Map<string, (...data: unknown[]) => void>())

vi.mock('@/api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/api')>()
  return {
    ...real,
    workspacesApi: api,
    onEvent: (name: string, handler: (...data: unknown[]) => void) => {
      handlers.set(name, handler)
      return () => handlers.delete(name)
    },
  }
})

import { ConnectionState } from '@/api'
import { SWITCH_PAINT, useWorkspacesStore } from './workspaces'

const demo = { id: 'demo', name: 'Demo workspace', host: 'http://127.0.0.1:1', demo: true, production: false, active: true }
const prod = { id: 'prod', name: 'Prod', host: 'https://adb-1.azuredatabricks.net', demo: false, production: true, active: false }
const online = (id: string, user = 'ada@example.com') => ({ workspaceId: id, state: ConnectionState.Online, user, checkedAt: '' })

describe('workspaces store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    handlers.clear()
    api.catalogs.mockResolvedValue([])
    api.keychain.mockResolvedValue({ available: true, message: '', hint: '' })
  })

  it('loads the list and checks the active workspace', async () => {
    api.list.mockResolvedValue([demo, prod])
    api.check.mockResolvedValue(online('demo'))
    const store = useWorkspacesStore()
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.active?.id).toBe('demo')
    expect(api.check).toHaveBeenCalledWith('demo')
    expect(store.activeConnection?.user).toBe('ada@example.com')
  })

  it('shows the keychain state a check found, and asks the keychain only on "Check again"', async () => {
    const locked = { available: false, message: 'The OS keychain cannot be used right now.', hint: 'Unlock it.' }
    api.list.mockResolvedValue([{ ...prod, active: true }])
    api.keychain.mockResolvedValueOnce({ available: true, message: '', hint: '' }).mockResolvedValue(locked)
    api.check.mockResolvedValue(online('prod'))
    const store = useWorkspacesStore()
    await store.load()
    expect(store.keychain).toEqual(locked) // read again after the check needed the token
    expect(api.recheckKeychain).not.toHaveBeenCalled()
    api.recheckKeychain.mockResolvedValue({ available: true, message: '', hint: '' })
    await store.recheckKeychain()
    expect(store.keychain?.available).toBe(true)
  })

  it('keeps the error and stays usable when listing fails', async () => {
    api.list.mockRejectedValue({ code: 'UNEXPECTED', message: 'disk on fire', hint: 'Try again.' })
    const store = useWorkspacesStore()
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.list).toEqual([])
    expect(store.error?.code).toBe('UNEXPECTED')
    expect(api.check).not.toHaveBeenCalled()
  })

  it('switches at once from the cache and measures the paint', async () => {
    api.list.mockResolvedValue([demo, prod])
    api.check.mockImplementation((id: string) => Promise.resolve(online(id)))
    api.catalogs.mockResolvedValue([{ workspaceId: 'prod', nodeTypes: 12, cached: true }])
    let answer: (v: unknown) => void = () => undefined
    api.select.mockReturnValue(new Promise((r) => (answer = r)))
    const store = useWorkspacesStore()
    await store.load()
    const switching = store.select('prod')
    // Before the backend answers, the page already shows prod's cached data.
    expect(store.active?.id).toBe('prod')
    expect(store.activeCatalog?.nodeTypes).toBe(12)
    answer({ ...prod, active: true })
    await switching
    expect(store.list.filter((w) => w.active)).toHaveLength(1)
    expect(performance.getEntriesByName(SWITCH_PAINT)).toHaveLength(1)
    expect(api.check).toHaveBeenCalledTimes(1) // the backend refreshes behind the switch
  })

  it('switches back when the backend refuses', async () => {
    api.list.mockResolvedValue([demo, prod])
    api.check.mockResolvedValue(online('demo'))
    api.select.mockRejectedValue({ code: 'UNKNOWN_WORKSPACE', message: 'gone', hint: 'h' })
    const store = useWorkspacesStore()
    await store.load()
    await expect(store.select('prod')).rejects.toMatchObject({ code: 'UNKNOWN_WORKSPACE' })
    expect(store.active?.id).toBe('demo')
  })

  it('Ctrl+N picks the N-th workspace', async () => {
    api.list.mockResolvedValue([demo, prod])
    api.check.mockResolvedValue(online('demo'))
    api.select.mockResolvedValue({ ...prod, active: true })
    const store = useWorkspacesStore()
    await store.load()
    await store.selectByIndex(2)
    expect(api.select).toHaveBeenCalledWith('prod')
    await store.selectByIndex(9)
    expect(api.select).toHaveBeenCalledTimes(1)
  })

  it('subscribes to the events of workspaces added later', async () => {
    api.list.mockResolvedValue([demo])
    api.check.mockResolvedValue(online('demo'))
    const store = useWorkspacesStore()
    await store.load()
    store.listen()
    api.list.mockResolvedValue([demo, prod])
    handlers.get('workspaces:changed')!()
    await vi.waitFor(() => expect(handlers.has('catalog:changed:prod')).toBe(true))
    handlers.get('catalog:changed:prod')!({ workspaceId: 'prod', offline: true, ageSeconds: 600 })
    expect(store.catalogs.prod?.offline).toBe(true)
    api.list.mockResolvedValue([demo])
    handlers.get('workspaces:changed')!()
    await vi.waitFor(() => expect(handlers.has('connection:changed:prod')).toBe(false))
  })

  it('keeps the newest list when two reads answer out of order', async () => {
    api.list.mockResolvedValue([demo, prod])
    api.check.mockResolvedValue(online('demo'))
    const store = useWorkspacesStore()
    await store.load()
    store.listen()
    // Added, then chosen: the first event's read answers last, with the old active one.
    let answerFirst: (v: unknown) => void = () => undefined
    api.list.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
    api.list.mockResolvedValueOnce([{ ...demo, active: false }, { ...prod, active: true }])
    handlers.get('workspaces:changed')!()
    handlers.get('workspaces:changed')!()
    await vi.waitFor(() => expect(store.active?.id).toBe('prod'))
    answerFirst([demo, prod])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.active?.id).toBe('prod')
  })

  it('does not call the backend when selecting the active workspace', async () => {
    api.list.mockResolvedValue([demo])
    api.check.mockResolvedValue(online('demo'))
    const store = useWorkspacesStore()
    await store.load()
    await store.select('demo')
    expect(api.select).not.toHaveBeenCalled()
  })

  it('applies connection events pushed by the backend', async () => {
    api.list.mockResolvedValue([demo])
    api.check.mockResolvedValue(online('demo'))
    const store = useWorkspacesStore()
    await store.load()
    store.listen()
    const push = handlers.get('connection:changed:demo')
    expect(push).toBeDefined()
    push!({ workspaceId: 'demo', state: ConnectionState.Offline, user: '', checkedAt: '',
      error: { code: 'TIMEOUT', message: 'The request timed out.', hint: 'Check your network.' } })
    expect(store.activeConnection?.state).toBe(ConnectionState.Offline)
    store.stop()
    expect(handlers.size).toBe(0)
  })

  it("keeps the newest status when a check's answer comes after a newer event", async () => {
    api.list.mockResolvedValue([demo])
    api.check.mockResolvedValue({ ...online('demo'), seq: 1 })
    const store = useWorkspacesStore()
    await store.load()
    store.listen()
    let answer: (v: unknown) => void = () => undefined
    api.check.mockReturnValue(new Promise((r) => (answer = r)))
    const checking = store.check('demo') // left before the outage
    handlers.get('connection:changed:demo')!({ workspaceId: 'demo', state: ConnectionState.Offline, user: '', checkedAt: '', seq: 3 })
    answer({ ...online('demo'), seq: 2 }) // an older status, arriving last
    await checking
    expect(store.activeConnection?.state).toBe(ConnectionState.Offline)
    handlers.get('connection:changed:demo')!({ ...online('demo'), seq: 4 })
    expect(store.activeConnection?.state).toBe(ConnectionState.Online)
    store.stop()
  })

  it('signs out, then shows the workspace needs a sign-in', async () => {
    const sso = { ...prod, id: 'sso', authType: 'oauth-u2m' }
    api.list.mockResolvedValue([demo, sso])
    api.check.mockImplementation((id: string) => Promise.resolve(online(id)))
    api.signOut.mockResolvedValue(undefined)
    const store = useWorkspacesStore()
    await store.load()
    api.check.mockResolvedValue({ workspaceId: 'sso', state: ConnectionState.Unauthorized, user: '', checkedAt: '',
      error: { code: 'LOGIN_REQUIRED', message: 'Sign in first.', hint: 'Use "Sign in".' } })
    await store.signOut('sso')
    expect(api.signOut).toHaveBeenCalledWith('sso')
    expect(store.connections.sso?.state).toBe(ConnectionState.Unauthorized)
    expect(store.connections.sso?.error?.code).toBe('LOGIN_REQUIRED')
  })
})
