import { defineStore } from 'pinia'
import { ref } from 'vue'
import { toApiError, type ApiError } from '@/api'
import { poolsApi, type PoolList } from '@/api/pools'
import { usePoller } from '@/composables/usePoller'
import { measured } from '@/lib/perf'

/** Poll delay when the backend does not say (seconds). */
export const DEFAULT_POLL_SEC = 30

const listPools = measured('pools:listed', (ws: string) => poolsApi.list(ws))

/**
 * The active workspace's pools, live: one list call per interval, every 5 s
 * while a pool is acquiring instances (the backend says when via
 * nextPollSec), 30 s otherwise, longer after failures, none while the
 * window is hidden (usePoller). A failed poll keeps the rows it had.
 */
export const usePoolsStore = defineStore('pools', () => {
  const workspaceId = ref<string | null>(null)
  const list = ref<PoolList | null>(null)
  const error = ref<ApiError | null>(null)
  const loading = ref(false)
  let generation = 0

  async function load(): Promise<void> {
    const ws = workspaceId.value
    if (!ws) return
    const gen = generation
    loading.value = true
    try {
      const view = await listPools(ws)
      if (gen !== generation) return // switched or stopped meanwhile
      list.value = view
      error.value = null
    } catch (e) {
      if (gen === generation) error.value = toApiError(e)
    } finally {
      if (gen === generation) loading.value = false
    }
  }

  const poller = usePoller(async () => {
    await load()
    if (error.value) throw error.value
    return (list.value?.nextPollSec || DEFAULT_POLL_SEC) * 1000
  })

  /** Watches a workspace's pools (null stops). */
  async function watch(ws: string | null): Promise<void> {
    stop()
    workspaceId.value = ws
    if (ws !== list.value?.cache.workspaceId) list.value = null
    error.value = null
    if (!ws) return
    await poller.poke()
  }

  /** Lists again now (after a change) and restarts the interval. */
  async function refresh(): Promise<void> {
    if (workspaceId.value) await poller.poke()
  }

  function stop(): void {
    generation++
    poller.stop()
    loading.value = false
  }

  return { workspaceId, list, error, loading, watch, refresh, stop }
})
