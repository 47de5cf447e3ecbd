import { reactive } from 'vue'
import { clustersApi } from '@/api'
import { useClustersStore } from '@/stores/clusters'

/**
 * Cluster names for pages that hold only ids (a draft's "applied" list).
 * A name comes from the shown compute list when it holds the cluster, else
 * from one read of the cluster; until then, or when that fails (offline,
 * deleted), nameOf gives undefined and the page shows the id.
 */
export function useClusterNames() {
  const clusters = useClustersStore()
  const fetched = reactive(new Map<string, string | null>())

  function nameOf(ws: string, id: string): string | undefined {
    if (clusters.workspace === ws) {
      const listed = clusters.row(id)?.name
      if (listed) return listed
    }
    const k = `${ws}/${id}`
    if (!fetched.has(k)) {
      fetched.set(k, null)
      clustersApi.get(ws, id).then(
        (d) => fetched.set(k, d.row.name || null),
        () => undefined,
      )
    }
    return fetched.get(k) ?? undefined
  }
  return { nameOf }
}
