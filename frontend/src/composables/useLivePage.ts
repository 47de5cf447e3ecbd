import { computed, onBeforeUnmount, watch, type ComputedRef } from 'vue'
import type { LiveList, LiveView } from '@/composables/useLiveList'
import { useNow } from '@/composables/useNow'
import { ageText } from '@/lib/time'
import { useWorkspacesStore } from '@/stores/workspaces'

/** What a live list says beyond its rows: where it came from and why it is as old as it is. */
interface Cached extends LiveView {
  live: boolean
  cache: { workspaceId: string; fetchedAt: string; error?: string }
}

export interface LivePage {
  ws: ComputedRef<string | null>
  wsName: ComputedRef<string>
  live: ComputedRef<boolean>
  statusText: ComputedRef<string>
}

/**
 * A kind's page over the active workspace (pools, SQL warehouses): the
 * store watches the workspace shown and stops with the page; the status
 * line says live or cached, how old, and how often it polls (changing()
 * says when the backend polls fast, and why).
 */
export function useLivePage<V extends Cached>(
  store: Pick<LiveList<V>, 'watch' | 'stop'> & { list: V | null; loading: boolean },
  fast: (v: V) => string | null,
): LivePage {
  const workspaces = useWorkspacesStore()
  const ws = computed(() => workspaces.active?.id ?? null)
  const wsName = computed(() => workspaces.active?.name ?? '')
  watch(ws, (id) => void store.watch(id), { immediate: true })
  onBeforeUnmount(() => store.stop())
  const live = computed(() => !!store.list?.live)
  const now = useNow()
  const statusText = computed(() => {
    const l = store.list
    if (!l) return store.loading ? 'Listing…' : ''
    const age = ageText(l.cache.fetchedAt, now.value) ?? 'never'
    if (!l.live) return `Workspace unreachable · cached copy fetched ${age}${l.cache.error ? ` (${l.cache.error})` : ''}`
    const why = fast(l)
    return `Live · fetched ${age} · ${why ? `${why}, every 5 s` : 'every 30 s'}`
  })
  return { ws, wsName, live, statusText }
}
