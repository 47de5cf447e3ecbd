import { Policies, Pools } from '../../wailsjs/go/app/Catalog'
import type { catalog, policies, pools } from '../../wailsjs/go/models'
import { invoke } from './errors'

export type ListingCache = catalog.ListingCache
export type PoolView = pools.PoolView
export type PoolsView = pools.ListView
export type PolicyView = policies.PolicyView
export type PoliciesView = policies.ListView

/**
 * The read-only Pools and Policies pages. Both read the workspace's catalog
 * cache only (so they work offline); workspacesApi.refreshCatalog fetches it.
 */
export const catalogApi = {
  pools: (workspaceId: string): Promise<PoolsView> => invoke(() => Pools(workspaceId)),
  policies: (workspaceId: string): Promise<PoliciesView> => invoke(() => Policies(workspaceId)),
}
