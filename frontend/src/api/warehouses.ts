import { Delete, List, Start, Stop } from '../../wailsjs/go/app/Warehouses'
import type { warehouses } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type WarehouseRow = warehouses.WarehouseView
export type WarehouseList = warehouses.ListView

/** The Warehouses page: the live list, start, stop and delete. */
export const warehousesApi = {
  list: (ws: string): Promise<WarehouseList> => invoke(() => List(ws)),
  start: (ws: string, id: string): Promise<void> => invoke(() => Start(ws, id)),
  stop: (ws: string, id: string): Promise<void> => invoke(() => Stop(ws, id)),
  remove: (ws: string, id: string, typedName: string): Promise<void> => invoke(() => Delete(ws, id, typedName)),
}
