import { ref, type Ref } from 'vue'
import { toApiError, type ApiError } from '@/api'
import { usePoller } from '@/composables/usePoller'

/** Poll delay when the backend does not say (seconds). */
export const DEFAULT_POLL_SEC = 30

/** What a live list answers: its rows and when to ask again. */
export interface LiveView {
  cache: { workspaceId: string }
  nextPollSec: number
}

export interface LiveList<V extends LiveView> {
  workspaceId: Ref<string | null>
  list: Ref<V | null>
  error: Ref<ApiError | null>
  loading: Ref<boolean>
  watch: (ws: string | null) => Promise<void>
  refresh: () => Promise<void>
  stop: () => void
}

/**
 * One workspace's list of a kind (pools, SQL warehouses), live: one list
 * call per interval the backend names (nextPollSec: faster while something
 * changes state), longer after failures, none while the window is hidden
 * (usePoller). A failed poll keeps the rows it had; an answer for a
 * workspace no longer watched is dropped. Call it in a setup store.
 */
export function useLiveList<V extends LiveView>(listFn: (ws: string) => Promise<V>): LiveList<V> {
  const workspaceId = ref<string | null>(null)
  const list = ref<V | null>(null) as Ref<V | null>
  const error = ref<ApiError | null>(null)
  const loading = ref(false)
  let generation = 0

  async function load(): Promise<void> {
    const ws = workspaceId.value
    if (!ws) return
    const gen = generation
    loading.value = true
    try {
      const view = await listFn(ws)
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

  /** Watches a workspace's list (null stops). */
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
}
