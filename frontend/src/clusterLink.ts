import type { RouteLocationRaw } from 'vue-router'

/**
 * Where a cluster's detail page is. Every link to a cluster (after applying
 * a draft, from a draft's "applied" list) goes through here, so the route
 * has one owner to change.
 */
export function clusterDetailRoute(workspaceId: string, clusterId: string): RouteLocationRaw {
  return { name: 'cluster', params: { ws: workspaceId, id: clusterId } }
}
