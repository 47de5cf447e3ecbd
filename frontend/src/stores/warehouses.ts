import { defineStore } from 'pinia'
import { warehousesApi } from '@/api/warehouses'
import { useLiveList } from '@/composables/useLiveList'
import { measured } from '@/lib/perf'

const listWarehouses = measured('warehouses:listed', (ws: string) => warehousesApi.list(ws))

/**
 * The active workspace's SQL warehouses, live (useLiveList): every 5 s
 * while one is starting or stopping, 30 s otherwise.
 */
export const useWarehousesStore = defineStore('warehouses', () => useLiveList(listWarehouses))
