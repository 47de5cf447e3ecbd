import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { effectScope, nextTick, ref } from 'vue'

vi.mock('@/api', async (orig) => (await import('@/stores/clusters.mock')).withClustersMocked(await orig()))
vi.mock('../../wailsjs/go/models', () => ({
  app: { EventName: { ClustersChanged: 'clusters:changed', ClustersStatus: 'clusters:status' } },
}))

import { clustersApi } from '@/api'
import { useClustersStore } from '@/stores/clusters'
import { useShownList } from './useShownList'

describe('useShownList', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.mocked(clustersApi.watch).mockClear()
    vi.mocked(clustersApi.unwatch).mockClear()
  })

  it('watches again on a workspace switch only: a re-check that blanks and restores the user updates "mine" in place', async () => {
    const ws = ref<string | null>('a')
    const user = ref('')
    const scope = effectScope()
    scope.run(() => useShownList(ws, user))
    const store = useClustersStore()
    await vi.waitFor(() => expect(clustersApi.watch).toHaveBeenCalledTimes(1))

    for (const u of ['ada@example.com', '', 'ada@example.com']) {
      user.value = u
      await nextTick()
      expect(store.me).toBe(u)
    }
    expect(clustersApi.watch).toHaveBeenCalledTimes(1)

    ws.value = 'b'
    await vi.waitFor(() => expect(clustersApi.watch).toHaveBeenCalledTimes(2))
    expect(vi.mocked(clustersApi.watch).mock.calls.map((c) => c[0])).toEqual(['a', 'b'])
    expect(store.me).toBe('ada@example.com')

    scope.stop()
    expect(clustersApi.unwatch).toHaveBeenLastCalledWith('b')
  })
})
