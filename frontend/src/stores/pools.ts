import { defineStore } from 'pinia'
import { ref } from 'vue'
import { toApiError, type ApiError } from '@/api'
import { poolsApi, type PoolList } from '@/api/pools'
import { measured } from '@/lib/perf'

/** Poll delay when the backend does not say (seconds). */
export const DEFAULT_POLL_SEC = 30

const listPools = measured('pools:listed', (ws: string) => poolsApi.list(ws))

/**
 * The active workspace's pools, live: one list call per interval, every 5 s
 * while a pool is acquiring instances (the backend says when via
 * nextPollSec), 30 s otherwise. A failed poll keeps the rows it had.
 */
export const usePoolsStore = defineStore('pools', () => {
  const workspaceId = ref<string | null>(null)
  const list = ref<PoolList | null>(null)
  const error = ref<ApiError | null>(null)
  const loading = ref(false)
  let timer: ReturnType<typeof setTimeout> | null = null
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

  function schedule(): void {
    if (timer) clearTimeout(timer)
    const sec = list.value?.nextPollSec || DEFAULT_POLL_SEC
    const gen = generation
    timer = setTimeout(() => {
      if (gen !== generation) return
      void load().then(() => {
        if (gen === generation) schedule()
      })
    }, sec * 1000)
  }

  /** Watches a workspace's pools (null stops). */
  async function watch(ws: string | null): Promise<void> {
    stop()
    workspaceId.value = ws
    if (ws !== list.value?.cache.workspaceId) list.value = null
    error.value = null
    if (!ws) return
    await load()
    schedule()
  }

  /** Lists again now (after a change) and restarts the interval. */
  async function refresh(): Promise<void> {
    await load()
    if (workspaceId.value) schedule()
  }

  function stop(): void {
    generation++
    if (timer) clearTimeout(timer)
    timer = null
    loading.value = false
  }

  return { workspaceId, list, error, loading, watch, refresh, stop }
})
