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

// A warehouse's own page: its query history, load chart and connection details.
import { Connection, History, Load } from '../../wailsjs/go/app/Warehouses'

export type WarehouseHistoryPage = warehouses.HistoryPage
export type WarehouseQueryRow = warehouses.QueryRow
export type WarehouseLoad = warehouses.LoadSeries
export type WarehouseConnection = warehouses.Connection

export const warehouseDetailApi = {
  /** One page of queries, newest first; pass the previous page's nextPageToken for the next. */
  history: (
    ws: string,
    id: string,
    users: string[] = [],
    statuses: string[] = [],
    pageToken = '',
  ): Promise<WarehouseHistoryPage> => invoke(() => History(ws, id, users, statuses, pageToken)),
  /** Running and queued queries and clusters over the last hours (1 to 720). */
  load: (ws: string, id: string, hours: number): Promise<WarehouseLoad> => invoke(() => Load(ws, id, hours)),
  connection: (ws: string, id: string): Promise<WarehouseConnection> => invoke(() => Connection(ws, id)),
}
