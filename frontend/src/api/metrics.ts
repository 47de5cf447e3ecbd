import { Capacity, ChooseWarehouse, Cost, Prices, SetPrices, Spend, Utilisation, WarehouseSpend, Warehouses, Workers } from '../../wailsjs/go/app/Metrics'
import { metrics } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type MetricsWorkers = metrics.WorkersView
export type MetricsUtilisation = metrics.Utilisation
export type MetricsSeries = metrics.Series
export type MetricsCapacity = metrics.Capacity
export type MetricsWarehouses = metrics.Warehouses
export type MetricsWarehouse = metrics.Warehouse
export type MetricsCost = metrics.Cost
export type MetricsPrices = metrics.Prices
/** No price set for any SKU (clusters' and SQL warehouses'): what a form starts from. */
export const noPrices = (): MetricsPrices => ({
  allPurpose: 0, allPurposePhoton: 0, jobs: 0, jobsPhoton: 0, sqlServerless: 0, sqlPro: 0, sqlClassic: 0,
})
export type MetricsSpend = metrics.Spend
export type MetricsSpendCluster = metrics.SpendCluster
export type MetricsSpendWarehouse = metrics.SpendWarehouse

/** The ranges the tab offers (the backend's own keys); 'custom' uses from–to (seconds). */
export type MetricsRange = '1h' | '6h' | '24h' | '7d' | 'custom'
export interface MetricsSpan { from: number; to: number }

const windowOf = (range: MetricsRange, span?: MetricsSpan) =>
  metrics.Window.createFrom({ range, from: span?.from ?? 0, to: span?.to ?? 0 })

/** A cluster's Metrics tab: worker count from events, node_timeline through a SQL warehouse, capacity now. */
export const metricsApi = {
  workers: (ws: string, clusterId: string, range: MetricsRange, span?: MetricsSpan): Promise<MetricsWorkers> =>
    invoke(() => Workers(ws, clusterId, windowOf(range, span))),
  utilisation: (ws: string, clusterId: string, range: MetricsRange, startWarehouse = false, span?: MetricsSpan): Promise<MetricsUtilisation> =>
    invoke(() => Utilisation(ws, clusterId, metrics.UtilQuery.createFrom({ ...windowOf(range, span), startWarehouse }))),
  capacity: (ws: string, clusterId: string): Promise<MetricsCapacity> => invoke(() => Capacity(ws, clusterId)),
  warehouses: (ws: string): Promise<MetricsWarehouses> => invoke(() => Warehouses(ws)),
  chooseWarehouse: (ws: string, id: string): Promise<void> => invoke(() => ChooseWarehouse(ws, id)),
  cost: (ws: string, clusterId: string): Promise<MetricsCost> => invoke(() => Cost(ws, clusterId)),
  setPrices: (ws: string, p: MetricsPrices): Promise<void> => invoke(() => SetPrices(ws, metrics.Prices.createFrom(p))),
  prices: (ws: string): Promise<MetricsPrices> => invoke(() => Prices(ws)),
  /** The last 30 days of actual spend of a cluster, or of the workspace when clusterId is ''. */
  spend: (ws: string, clusterId: string, startWarehouse = false): Promise<MetricsSpend> =>
    invoke(() => Spend(ws, clusterId, metrics.SpendQuery.createFrom({ startWarehouse }))),
  /** The last 30 days of actual spend of one SQL warehouse (its usage_metadata.warehouse_id). */
  warehouseSpend: (ws: string, warehouseId: string, startWarehouse = false): Promise<MetricsSpend> =>
    invoke(() => WarehouseSpend(ws, warehouseId, metrics.SpendQuery.createFrom({ startWarehouse }))),
}
