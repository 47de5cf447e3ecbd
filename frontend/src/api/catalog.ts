import { Policies, Pools } from '../../wailsjs/go/app/Catalog'
import type { app } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type ListingCache = app.ListingCache
export type PoolView = app.PoolView
export type PoolsView = app.PoolsView
export type PolicyView = app.PolicyView
export type PoliciesView = app.PoliciesView

/**
 * The read-only Pools and Policies pages. Both read the workspace's catalog
 * cache only (so they work offline); workspacesApi.refreshCatalog fetches it.
 */
export const catalogApi = {
  pools: (workspaceId: string): Promise<PoolsView> => invoke(() => Pools(workspaceId)),
  policies: (workspaceId: string): Promise<PoliciesView> => invoke(() => Policies(workspaceId)),
}
