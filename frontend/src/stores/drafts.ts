import { defineStore } from 'pinia'
import { ref } from 'vue'
import {
  ApiError,
  draftsApi,
  toApiError,
  type DraftContent,
  type DraftProblem,
  type DraftRow,
  type DraftView,
  type TargetView,
  type TrashRow,
} from '@/api'

/** Catalogs older than this are refreshed in the background when a workspace answers. */
export const STALE_CATALOG_SECONDS = 15 * 60

/** The drafts list, the trash and the workspaces drafts can target. Everything here works offline. */
export const useDraftsStore = defineStore('drafts', () => {
  const rows = ref<DraftRow[]>([])
  const problems = ref<DraftProblem[]>([])
  const trash = ref<TrashRow[]>([])
  const targets = ref<TargetView[]>([])
  const loaded = ref(false)
  const error = ref<ApiError | null>(null)
  const refreshing = ref<Record<string, boolean>>({})

  async function load(): Promise<void> {
    try {
      const [list, t, tr] = await Promise.all([draftsApi.list(), draftsApi.targets(), draftsApi.trash()])
      rows.value = list.drafts
      problems.value = list.problems
      targets.value = t
      trash.value = tr
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    } finally {
      loaded.value = true
    }
  }

  function target(id: string): TargetView | undefined {
    return targets.value.find((t) => t.id === id)
  }

  /**
   * Fetches a workspace's catalog when nothing (or only old data) is cached.
   * Failing is normal offline: the cached data stays and nothing is shown.
   */
  async function refreshIfStale(workspaceId: string): Promise<void> {
    const t = target(workspaceId)
    if (!t || refreshing.value[workspaceId]) return
    if (t.cache.cached && t.cache.ageSeconds < STALE_CATALOG_SECONDS) return
    await refreshCatalog(workspaceId).catch(() => undefined)
  }

  /** Fetches a workspace's catalog now; rejects with the reason when it cannot. */
  async function refreshCatalog(workspaceId: string): Promise<void> {
    refreshing.value = { ...refreshing.value, [workspaceId]: true }
    try {
      const fresh = await draftsApi.refreshCatalog(workspaceId)
      targets.value = targets.value.map((t) => (t.id === fresh.id ? fresh : t))
      rows.value = (await draftsApi.list()).drafts
    } finally {
      refreshing.value = { ...refreshing.value, [workspaceId]: false }
    }
  }

  async function create(c: DraftContent): Promise<DraftView> {
    const d = await draftsApi.create(c)
    await load()
    return d
  }

  async function duplicate(id: string): Promise<DraftView> {
    const d = await draftsApi.duplicate(id)
    await load()
    return d
  }

  async function rename(id: string, name: string): Promise<DraftView> {
    const d = await draftsApi.rename(id, name)
    await load()
    return d
  }

  async function remove(id: string): Promise<void> {
    await draftsApi.remove(id)
    await load()
  }

  async function restore(id: string): Promise<DraftView> {
    const d = await draftsApi.restore(id)
    await load()
    return d
  }

  async function purge(id: string): Promise<void> {
    await draftsApi.purge(id)
    trash.value = await draftsApi.trash()
  }

  return {
    rows, problems, trash, targets, loaded, error, refreshing,
    load, target, refreshIfStale, refreshCatalog, create, duplicate, rename, remove, restore, purge,
  }
})
