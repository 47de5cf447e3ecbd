import { computed, ref, watch, type Ref } from 'vue'
import { toApiError, type ApiError } from '@/api'
import type { ListingCache } from '@/api/catalog'
import { useWorkspacesStore } from '@/stores/workspaces'

/**
 * One catalog listing (pools or policies) of the active workspace. It reads
 * the cache, reloads whenever the workspace's catalog changes (background
 * refresh, switch) and fetches once by itself when nothing is cached yet.
 */
export function useCatalogListing<T extends { cache: ListingCache }>(load: (workspaceId: string) => Promise<T>) {
  const workspaces = useWorkspacesStore()
  const workspaceId = computed(() => workspaces.active?.id ?? null)
  const data = ref(null) as Ref<T | null>
  const error = ref<ApiError | null>(null)
  const refreshError = ref<ApiError | null>(null)
  const refreshing = ref(false)
  const fetchedOnce = new Set<string>()

  async function reload(): Promise<void> {
    const id = workspaceId.value
    if (!id) return
    try {
      const view = await load(id)
      if (workspaceId.value !== id) return // switched meanwhile
      data.value = view
      error.value = null
      if (!view.cache.cached && !fetchedOnce.has(id) && !workspaces.isOffline(id)) {
        fetchedOnce.add(id)
        void refresh()
      }
    } catch (e) {
      if (workspaceId.value === id) error.value = toApiError(e)
    }
  }

  /** Fetches the workspace's catalog now (the store then announces it). */
  async function refresh(): Promise<void> {
    const id = workspaceId.value
    if (!id || refreshing.value) return
    refreshing.value = true
    refreshError.value = null
    try {
      await workspaces.refreshCatalog(id)
    } catch (e) {
      refreshError.value = toApiError(e)
    } finally {
      refreshing.value = false
    }
    await reload()
  }

  watch(workspaceId, () => {
    data.value = null
    error.value = null
    refreshError.value = null
  })
  // The store's summary changes on every refresh of the active workspace.
  watch(
    () => [workspaceId.value, workspaces.activeCatalog?.fetchedAt, workspaces.activeCatalog?.checkedAt],
    () => void reload(),
    { immediate: true },
  )

  const cache = computed(() => data.value?.cache ?? null)

  return { workspaceId, data, cache, error, refreshError, refreshing, refresh, reload }
}

/** What a catalog page's frame (CatalogPage.vue) needs of a listing. */
export type CatalogListing = Pick<
  ReturnType<typeof useCatalogListing>,
  'workspaceId' | 'cache' | 'error' | 'refreshError' | 'refreshing' | 'refresh'
>
