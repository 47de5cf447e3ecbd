import { computed, shallowRef } from 'vue'
import { useRoute, useRouter } from 'vue-router'
import { copyText, finderApi, type ClusterAction, type ClusterRow, type FinderEntry } from '@/api'
import { routes } from '@/router'
import { actionLabels, useClusterActions } from '@/composables/useClusterActions'
import { shownText } from '@/lib/text'
import { useClustersStore } from '@/stores/clusters'
import { useDraftsStore } from '@/stores/drafts'
import { usePoolsStore } from '@/stores/pools'
import { useWorkspacesStore } from '@/stores/workspaces'
import type { PaletteItem } from './search'

/** The actions the palette offers on the cluster a page shows. */
const clusterActions: ClusterAction[] = ['start', 'restart', 'terminate', 'edit', 'clone']

/**
 * Everything the palette can reach, from what the app already holds: pages,
 * settings, workspaces, the shown workspace's clusters and pools (its live
 * lists), every other workspace's clusters, pools and policies (the
 * backend's last listings and cached catalogs: `elsewhere`, read by
 * refreshElsewhere), the drafts, and actions on the cluster the page shows.
 * Each opens in its own workspace.
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
      .map((r) => ({ id: `page:${String(r.name)}`, kind: 'page', label: String(r.meta!.title), run: () => void router.push({ name: r.name! }) })),
  )
  const settings: PaletteItem[] = [
    { id: 'page:compute-new', kind: 'page', label: 'Create compute', run: () => void router.push({ name: 'compute-new' }) },
    { id: 'page:policy-new', kind: 'page', label: 'New cluster policy', run: () => void router.push({ name: 'policy-new' }) },
    { id: 'setting:prices', kind: 'setting', label: 'Prices per DBU', detail: 'Settings', run: () => void router.push({ name: 'settings' }) },
    { id: 'setting:notifications', kind: 'setting', label: 'Notifications', detail: 'Settings', run: () => void router.push({ name: 'settings' }) },
  ]
  const wsItems = computed<PaletteItem[]>(() =>
    workspaces.list.map((w) => ({
      id: `ws:${w.id}`, kind: 'workspace', label: shownText(w.name), detail: [w.production ? 'production' : '', w.active ? 'current' : ''].filter(Boolean).join(' · '),
      run: () => workspaces.select(w.id),
    })),
  )
  const wsName = (id = workspaces.active?.id) => shownText(workspaces.list.find((w) => w.id === id)?.name ?? '')
  // A row the store did not replace keeps its entry: a poll changes a few
  // rows of 10,000, and opening the palette should not build the rest again.
  let entryOf = new WeakMap<ClusterRow, PaletteItem>()
  let entriesFor = ''
  const clusterItems = computed<PaletteItem[]>(() => {
    const ws = clusters.workspace
    const where = wsName()
    if (entriesFor !== `${ws}\n${where}`) {
      entryOf = new WeakMap()
      entriesFor = `${ws}\n${where}`
    }
    return clusters.all.map((c) => {
      let item = entryOf.get(c)
      if (!item) {
        item = {
          id: `cluster:${ws}:${c.id}`, kind: 'cluster', label: shownText(c.name), detail: `${c.state.toLowerCase()} · ${where}`,
          run: () => void router.push({ name: 'cluster', params: { ws, id: c.id } }),
        }
        entryOf.set(c, item)
      }
      return item
    })
  })
  const poolItems = computed<PaletteItem[]>(() =>
    (pools.list?.pools ?? []).map((p) => ({
      id: `pool:${pools.workspaceId}:${p.id}`, kind: 'pool', label: shownText(p.name), detail: wsName(),
      run: () => void router.push({ name: 'pools' }),
    })),
  )
  // Another workspace's names: the palette switches to it, then opens the page.
  const elsewhere = shallowRef<FinderEntry[]>([])
  async function refreshElsewhere(): Promise<void> {
    elsewhere.value = await finderApi.entries().catch(() => elsewhere.value)
  }
  async function inWorkspace(ws: string, go: () => Promise<unknown>): Promise<void> {
    if (workspaces.active?.id !== ws) await workspaces.select(ws)
    await go()
  }
  const elsewhereItems = computed<PaletteItem[]>(() => {
    const out: PaletteItem[] = []
    for (const e of elsewhere.value) {
      // The shown workspace's live lists are fresher than any listing held here.
      if (e.kind === 'cluster' && e.workspace === clusters.workspace) continue
      if (e.kind === 'pool' && e.workspace === pools.workspaceId && pools.list) continue
      const where = wsName(e.workspace)
      if (e.kind === 'cluster') {
        out.push({ id: `cluster:${e.workspace}:${e.id}`, kind: 'cluster', label: shownText(e.name), detail: e.detail ? `${e.detail} · ${where}` : where,
          run: () => void router.push({ name: 'cluster', params: { ws: e.workspace, id: e.id } }) })
      } else if (e.kind === 'pool') {
        out.push({ id: `pool:${e.workspace}:${e.id}`, kind: 'pool', label: shownText(e.name), detail: where,
          run: () => inWorkspace(e.workspace, () => router.push({ name: 'pools' })) })
      } else if (e.kind === 'warehouse') {
        out.push({ id: `warehouse:${e.workspace}:${e.id}`, kind: 'warehouse', label: shownText(e.name), detail: e.detail ? `${e.detail} · ${where}` : where,
          run: () => inWorkspace(e.workspace, () => router.push({ name: 'warehouses', query: { q: e.name } })) })
      } else {
        out.push({ id: `policy:${e.workspace}:${e.id}`, kind: 'policy', label: shownText(e.name), detail: where,
          run: () => inWorkspace(e.workspace, () => router.push({ name: 'policies', query: { policy: e.id } })) })
      }
    }
    return out
  })
  const draftItems = computed<PaletteItem[]>(() =>
    drafts.rows.map((d) => ({ id: `draft:${d.id}`, kind: 'draft', label: shownText(d.name), run: () => void router.push({ name: 'draft', params: { id: d.id } }) })),
  )
  // On a cluster's page: its actions, as its buttons offer them.
  const here = computed<PaletteItem[]>(() => {
    if (route.name !== 'cluster') return []
    const ws = String(route.params.ws)
    const row = clusters.row(String(route.params.id))
    if (!row) return []
    const out: PaletteItem[] = clusterActions
      .filter((a) => clusters.availability(row, a).enabled)
      .map((a) => ({ id: `action:${a}`, kind: 'action', label: `${actionLabels[a]} ${shownText(row.name)}`, detail: 'This compute', run: () => actions.run(ws, row, a) }))
    out.push({ id: 'action:copy-id', kind: 'action', label: `Copy the id of ${shownText(row.name)}`, detail: row.id, run: () => void copyText(row.id) })
    return out
  })
  const items = computed(() => [...here.value, ...pages.value, ...settings, ...wsItems.value, ...draftItems.value, ...poolItems.value, ...clusterItems.value, ...elsewhereItems.value])
  // How many things the lists hold, counted without building the entries: a
  // list update that changes no count (most of them) builds nothing.
  const size = computed(() => clusters.all.length + (pools.list?.pools.length ?? 0) + drafts.rows.length + workspaces.list.length + elsewhere.value.length)
  return { items, size, refreshElsewhere }
}
