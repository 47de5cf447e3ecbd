import { Check, Connection, Create, Delete, Edit, Export, Form, History, List, Load, PlanEdit, SaveExport, Start, Stop } from '../../wailsjs/go/app/Warehouses'
import type { app, clusterspec, warehouses } from '../../wailsjs/go/models'
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

// ---- The warehouse form and export (create, edit with a plan first, export) ----

export type WarehouseProblem = clusterspec.Violation
export type WarehouseSaved = warehouses.Saved
export type WarehouseEditPlan = warehouses.EditPlan
export type WarehouseChange = clusterspec.Change
export type WarehouseExport = warehouses.Export
export type WarehouseSavedFile = app.SavedFile
export type WarehouseExportFormat = 'json' | 'bundle' | 'terraform'
/** A warehouse as the SQL Warehouses API's create request (snake_case JSON). */
export type WarehouseSpec = Record<string, unknown>

/**
 * Create, edit (plan first) and export. Specs travel as the API's JSON text,
 * so fields the form does not show, and explicit zeros (auto-stop 0 = never,
 * Photon off), reach the backend as they are.
 */
export const warehouseFormApi = {
  check: (ws: string, spec: WarehouseSpec): Promise<WarehouseProblem[]> => invoke(() => Check(ws, JSON.stringify(spec))),
  create: (ws: string, spec: WarehouseSpec): Promise<WarehouseSaved> => invoke(() => Create(ws, JSON.stringify(spec))),
  form: async (ws: string, id: string): Promise<WarehouseSpec> => JSON.parse(await invoke(() => Form(ws, id))) as WarehouseSpec,
  planEdit: (ws: string, id: string, spec: WarehouseSpec): Promise<WarehouseEditPlan> =>
    invoke(() => PlanEdit(ws, id, JSON.stringify(spec))),
  edit: (ws: string, id: string, spec: WarehouseSpec): Promise<WarehouseSaved> => invoke(() => Edit(ws, id, JSON.stringify(spec))),
  exportWarehouse: (ws: string, id: string): Promise<WarehouseExport> => invoke(() => Export(ws, id)),
  /** Saves through the desktop's save dialog; saved is false in the browser or when cancelled. */
  saveExport: (ws: string, id: string, format: WarehouseExportFormat): Promise<WarehouseSavedFile> =>
    invoke(() => SaveExport(ws, id, format)),
}

// ---- A warehouse's own page: its query history, load chart and connection details ----

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
