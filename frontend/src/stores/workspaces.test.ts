import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  list: vi.fn(),
  select: vi.fn(),
  status: vi.fn(),
  check: vi.fn(),
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
import { useWorkspacesStore } from './workspaces'

const demo = { id: 'demo', name: 'Demo workspace', host: 'http://127.0.0.1:1', demo: true, production: false, active: true }
const prod = { id: 'prod', name: 'Prod', host: 'https://adb-1.azuredatabricks.net', demo: false, production: true, active: false }
const online = (id: string, user = 'ada@example.com') => ({ workspaceId: id, state: ConnectionState.Online, user, checkedAt: '' })

describe('workspaces store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    handlers.clear()
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

  it('keeps the error and stays usable when listing fails', async () => {
    api.list.mockRejectedValue({ code: 'UNEXPECTED', message: 'disk on fire', hint: 'Try again.' })
    const store = useWorkspacesStore()
    await store.load()
    expect(store.loaded).toBe(true)
    expect(store.list).toEqual([])
    expect(store.error?.code).toBe('UNEXPECTED')
    expect(api.check).not.toHaveBeenCalled()
  })

  it('switches the active workspace and checks the new one', async () => {
    api.list.mockResolvedValue([demo, prod])
    api.check.mockImplementation((id: string) => Promise.resolve(online(id)))
    api.select.mockResolvedValue({ ...prod, active: true })
    const store = useWorkspacesStore()
    await store.load()
    await store.select('prod')
    expect(store.active?.id).toBe('prod')
    expect(store.list.filter((w) => w.active)).toHaveLength(1)
    expect(api.check).toHaveBeenLastCalledWith('prod')
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
})
