import { computed } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { copyText, type ClusterAction } from '@/api'
import { routes } from '@/router'
import { actionLabels, useClusterActions } from '@/composables/useClusterActions'
import { useClustersStore } from '@/stores/clusters'
import { useDraftsStore } from '@/stores/drafts'
import { usePoolsStore } from '@/stores/pools'
import { useWorkspacesStore } from '@/stores/workspaces'
import type { PaletteItem } from './search'

/** The actions the palette offers on the cluster a page shows. */
const clusterActions: ClusterAction[] = ['start', 'restart', 'terminate', 'edit', 'clone']

/**
 * Everything the palette can reach, from what the app already holds: pages,
 * settings, workspaces, the active workspace's clusters (its cached list) and
 * pools, the drafts, and actions on the cluster the page shows.
 */
export function usePaletteItems() {
  const route = useRoute()
  const router = useRouter()
  const workspaces = useWorkspacesStore()
  const clusters = useClustersStore()
  const pools = usePoolsStore()
  const drafts = useDraftsStore()
  const actions = useClusterActions()

  const pages = computed<PaletteItem[]>(() =>
    routes
      .filter((r) => typeof r.name === 'string' && r.meta?.title && !r.path.includes(':') && !r.meta?.nav)
      .map((r) => ({ id: `page:${String(r.name)}`, kind: 'page', label: String(r.meta!.title), detail: 'Page', run: () => void router.push({ name: r.name! }) })),
  )
  const settings: PaletteItem[] = [
    { id: 'page:compute-new', kind: 'page', label: 'Create compute', detail: 'Page', run: () => void router.push({ name: 'compute-new' }) },
    { id: 'page:policy-new', kind: 'page', label: 'New cluster policy', detail: 'Page', run: () => void router.push({ name: 'policy-new' }) },
    { id: 'setting:prices', kind: 'setting', label: 'Prices per DBU', detail: 'Settings', run: () => void router.push({ name: 'settings' }) },
    { id: 'setting:notifications', kind: 'setting', label: 'Notifications', detail: 'Settings', run: () => void router.push({ name: 'settings' }) },
  ]
  const wsItems = computed<PaletteItem[]>(() =>
    workspaces.list.map((w) => ({
      id: `ws:${w.id}`, kind: 'workspace', label: w.name, detail: `Workspace${w.production ? ' · production' : ''}${w.active ? ' · current' : ''}`,
      run: () => workspaces.select(w.id),
    })),
  )
  const wsName = () => workspaces.active?.name ?? ''
  const clusterItems = computed<PaletteItem[]>(() => {
    const ws = clusters.workspace
    return clusters.all.map((c) => ({
      id: `cluster:${ws}:${c.id}`, kind: 'cluster', label: c.name, detail: `Compute · ${c.state.toLowerCase()} · ${wsName()}`,
      run: () => void router.push({ name: 'cluster', params: { ws, id: c.id } }),
    }))
  })
  const poolItems = computed<PaletteItem[]>(() =>
    (pools.list?.pools ?? []).map((p) => ({
      id: `pool:${pools.workspaceId}:${p.id}`, kind: 'pool', label: p.name, detail: `Pool · ${wsName()}`,
      run: () => void router.push({ name: 'pools' }),
    })),
  )
  const draftItems = computed<PaletteItem[]>(() =>
    drafts.rows.map((d) => ({ id: `draft:${d.id}`, kind: 'draft', label: d.name, detail: 'Draft', run: () => void router.push({ name: 'draft', params: { id: d.id } }) })),
  )
  // On a cluster's page: its actions, as its buttons offer them.
  const here = computed<PaletteItem[]>(() => {
    if (route.name !== 'cluster') return []
    const ws = String(route.params.ws)
    const row = clusters.row(String(route.params.id))
    if (!row) return []
    const out: PaletteItem[] = clusterActions
      .filter((a) => clusters.availability(row, a).enabled)
      .map((a) => ({ id: `action:${a}`, kind: 'action', label: `${actionLabels[a]} ${row.name}`, detail: 'This compute', run: () => actions.run(ws, row, a) }))
    out.push({ id: 'action:copy-id', kind: 'action', label: `Copy the id of ${row.name}`, detail: row.id, run: () => void copyText(row.id) })
    return out
  })
  const items = computed(() => [...here.value, ...pages.value, ...settings, ...wsItems.value, ...draftItems.value, ...poolItems.value, ...clusterItems.value])
  // How many things the lists hold, counted without building the entries: a
  // list update that changes no count (most of them) builds nothing.
  const size = computed(() => clusters.all.length + (pools.list?.pools.length ?? 0) + drafts.rows.length + workspaces.list.length)
  return { items, size }
}
