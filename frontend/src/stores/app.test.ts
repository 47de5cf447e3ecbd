import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const shell = vi.hoisted(() => ({ info: vi.fn(), ready: vi.fn() }))
vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api')>()),
  shellApi: shell,
}))

import { useAppStore } from './app'

describe('app store', () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
    vi.resetAllMocks()
  })

  it('follows the system theme until the user picks one, and remembers it', () => {
    expect(useAppStore().theme).toBe('system')
    useAppStore().setTheme('dark')
    setActivePinia(createPinia())
    expect(useAppStore().theme).toBe('dark')
  })

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('clusterdeck.theme', 'purple')
    expect(useAppStore().theme).toBe('system')
  })

  it('loads build info, or keeps the error', async () => {
    shell.info.mockResolvedValueOnce({ name: 'Clusterdeck', version: '1.2.3', platform: 'linux/amd64', transport: 'desktop' })
    const store = useAppStore()
    await store.load()
    expect(store.info?.version).toBe('1.2.3')

    shell.info.mockRejectedValueOnce('backend gone')
    await store.load()
    expect(store.loadError?.code).toBe('BRIDGE')
  })
})
