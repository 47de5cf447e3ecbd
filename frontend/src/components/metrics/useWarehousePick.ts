import { computed, ref } from 'vue'
import { metricsApi, toApiError, type ApiError, type MetricsWarehouses } from '@/api'

/**
 * The SQL warehouse a workspace's metrics and spend are read on: the
 * Warehouses page's own list (the backend lists through it, live or cached)
 * and the one chosen, remembered per workspace. The cluster's Metrics tab
 * and the workspace's spend drawer pick with it.
 */
export function useWarehousePick(workspace: () => string) {
  const warehouses = ref<MetricsWarehouses | null>(null)
  const error = ref<ApiError | null>(null)
  const options = computed(() =>
    (warehouses.value?.items ?? []).map((w) => ({ value: w.id, label: `${w.name} · ${w.size} · ${w.state.toLowerCase()}` })),
  )
  const chosenId = computed(() => warehouses.value?.chosen || null)
  const chosen = computed(() => warehouses.value?.items.find((w) => w.id === warehouses.value?.chosen) ?? null)

  async function refresh(): Promise<void> {
    try {
      warehouses.value = await metricsApi.warehouses(workspace())
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    }
  }
  async function choose(id: string): Promise<void> {
    try {
      await metricsApi.chooseWarehouse(workspace(), id)
    } catch (e) {
      error.value = toApiError(e)
      return
    }
    await refresh()
  }
  return { warehouses, error, options, chosenId, chosen, refresh, choose }
}
