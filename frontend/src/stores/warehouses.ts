import { defineStore } from 'pinia'
import { watch } from 'vue'
import { warehousesApi } from '@/api/warehouses'
import { useLiveList } from '@/composables/useLiveList'
import { afterPaint, measured } from '@/lib/perf'

const listWarehouses = measured('warehouses:listed', (ws: string) => warehousesApi.list(ws))

/**
 * The active workspace's SQL warehouses, live (useLiveList): every 5 s
 * while one is starting or stopping, 30 s otherwise. Each Watch marks
 * 'warehouses:watch' and its first rows, once painted,
 * 'warehouses:first-rows' (warehouses-scale.e2e.ts reads them).
 */
export const useWarehousesStore = defineStore('warehouses', () => {
  const live = useLiveList(listWarehouses)
  let painted = true
  function markFirstRows(): void {
    if (painted || !live.list.value?.warehouses.length) return
    painted = true
    afterPaint(() => performance.mark('warehouses:first-rows'))
  }
  watch(live.list, markFirstRows)
  async function watchList(ws: string | null): Promise<void> {
    performance.mark('warehouses:watch')
    painted = false
    const done = live.watch(ws)
    markFirstRows() // the workspace's rows already shown
    await done
  }
  return { ...live, watch: watchList }
})
