import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import {
  clustersApi,
  EventName,
  expandDelta,
  onEvent,
  scoped,
  shellApi,
  toApiError,
  type ActionTable,
  type ApiError,
  type Availability,
  type ClusterAction,
  type ClusterDetailEvent,
  type ClusterRow,
  type ClustersDelta,
  type ClustersStatus,
  type ClusterView,
} from '@/api'
import { defaultSort, emptyFilters, narrowingFilter, withHaystack, type ClusterFilters, type SortState } from '@/clusters/filter'
import { rememberingSort } from '@/clusters/rememberingSort'
import type { ListingProgress } from '@/clusters/pollStatus'
import { useNow } from '@/composables/useNow'
import { afterPaint } from '@/lib/perf'
import { agoText, secondsSince } from '@/lib/time'
import { useWorkspacesStore } from '@/stores/workspaces'

let visibilityHooked = false

/**
 * Tells the backend whether the window is visible, now and on every change,
 * so polling pauses while it is hidden.
 */
export function announceVisibility(): void {
  if (typeof document === 'undefined') return
  const send = () => void clustersApi.setVisible(document.visibilityState !== 'hidden').catch(() => undefined)
  send()
  if (visibilityHooked) return
  visibilityHooked = true
  document.addEventListener('visibilitychange', send)
}

/** A list as last seen, kept so switching back paints it at once. */
interface CachedList {
  rows: Map<string, ClusterRow>
  complete: boolean
  status: ClustersStatus | null
  fetchedAt: string
  lastCount: number
}
/** How many lists (workspace × tab) keep their rows while not shown. */
const cachedLists = 8

/** One workspace's compute list: rows kept by id, updated by the backend's deltas. */
export const useClustersStore = defineStore('clusters', () => {
  const workspaces = useWorkspacesStore()
  const now = useNow()
  const workspace = ref<string | null>(null)
  const view = ref<ClusterView>('all-purpose')
  // Rows live outside Vue's reactivity (10,000 proxies would cost more than
  // the table); `version` says when they changed. Each list keeps its own
  // map in `lists`; byId is the one shown.
  const lists = new Map<string, CachedList>()
  let byId = new Map<string, ClusterRow>()
  const version = ref(0)
  const complete = ref(false)
  const status = ref<ClustersStatus | null>(null)
  // When the listing of the rows held began: their one age, moved only by
  // a delta that brings (or confirms) them, never by a status alone.
  const fetchedAt = ref('')
  // A full listing streaming in (rows so far, the last full count), for
  // "Listing… 4,200 of about 10,000"; lastCount is the last full pass's size.
  const progress = ref<ListingProgress | null>(null)
  let lastCount = 0
  const error = ref<ApiError | null>(null)
  const filters = ref<ClusterFilters>(emptyFilters())
  // Each workspace keeps its own search and filters: a search typed in one
  // never narrows the next, and going back brings it back.
  const filtersByWorkspace = new Map<string, ClusterFilters>()
  const sort = ref<SortState>({ ...defaultSort })
  const me = ref('')
  const table = shallowRef<ActionTable | null>(null)
  const pending = ref<Record<string, boolean>>({})
  let cycle: Set<string> | null = null
  let firstRows = false
  let bumpTimer: ReturnType<typeof setTimeout> | null = null
  // Counts watch() calls, so a call overtaken by a quicker switch knows it is stale.
  let generation = 0

  // While pages stream in, the table re-sorts and re-renders at most every
  // 150 ms rather than once per page; the first page and the end show at once.
  function bump(now: boolean): void {
    if (now) {
      if (bumpTimer) clearTimeout(bumpTimer)
      bumpTimer = null
      version.value++
      return
    }
    bumpTimer ??= setTimeout(() => {
      bumpTimer = null
      version.value++
    }, 150)
  }
  const unsubscribers: Array<() => void> = []

  const all = computed<ClusterRow[]>(() => {
    void version.value
    return Array.from(byId.values())
  })
  // A header's second click flips the order it made rather than sorting again.
  const sortOf = rememberingSort()
  const sorted = computed(() => sortOf(all.value, sort.value))
  const narrow = narrowingFilter()
  const visible = computed(() => narrow(sorted.value, filters.value, me.value))

  function apply(d: ClustersDelta): void {
    if (d.workspace !== workspace.value || d.view !== view.value) return
    if (d.reset) {
      cycle = new Set()
      progress.value = { startedAt: Date.now(), seen: 0, about: lastCount }
    }
    for (const r of d.upserts ?? []) {
      // The search text is made as the page arrives, not on the first keystroke.
      const row = Object.freeze(withHaystack(r)) as ClusterRow
      byId.set(r.id, row)
      cycle?.add(r.id)
    }
    for (const id of d.removed ?? []) byId.delete(id)
    if (cycle && progress.value) progress.value = { ...progress.value, seen: cycle.size }
    if (d.complete && d.fetchedAt) fetchedAt.value = d.fetchedAt
    if (d.complete) {
      if (cycle) {
        for (const id of [...byId.keys()]) if (!cycle.has(id)) byId.delete(id)
        cycle = null
      }
      progress.value = null
      lastCount = byId.size
      if (!complete.value) {
        performance.mark('clusters:all-rows')
        afterPaint(() => void shellApi.mark('clusters:all-rows-painted').catch(() => undefined))
      }
      complete.value = true
    }
    const first = !firstRows && byId.size > 0
    if (first) {
      firstRows = true
      performance.mark('clusters:first-rows')
      afterPaint(() => void shellApi.mark('clusters:first-rows-painted').catch(() => undefined))
    }
    bump(first || d.complete)
  }

  const listKey = (ws: string, v: ClusterView) => `${ws}\n${v}`

  // Keeps the shown list's state for when it is shown again; the oldest
  // list beyond cachedLists is forgotten.
  function stash(): void {
    if (!workspace.value) return
    const k = listKey(workspace.value, view.value)
    lists.delete(k)
    lists.set(k, { rows: byId, complete: complete.value, status: status.value, fetchedAt: fetchedAt.value, lastCount })
    while (lists.size > cachedLists) lists.delete(lists.keys().next().value as string)
  }

  /**
   * Shows a workspace's list. Its last known rows paint at once, before any
   * call (the workspace switch measures up to this paint); the backend's
   * stream then refreshes them behind it.
   */
  async function watch(ws: string, v: ClusterView, user: string): Promise<void> {
    announceVisibility()
    me.value = user
    const previous = workspace.value
    if (previous !== ws) {
      if (previous) filtersByWorkspace.set(previous, filters.value)
      filters.value = filtersByWorkspace.get(ws) ?? emptyFilters()
    }
    if (previous !== ws || view.value !== v) {
      stash()
      const cached = lists.get(listKey(ws, v))
      byId = cached?.rows ?? new Map()
      complete.value = cached?.complete ?? false
      status.value = cached?.status ?? null
      fetchedAt.value = cached?.fetchedAt ?? ''
      lastCount = cached?.lastCount ?? 0
      progress.value = null
      cycle = null
      version.value++
    }
    // The backend unwatches it too; saying so keeps the contract explicit.
    if (previous && previous !== ws) void clustersApi.unwatch(previous).catch(() => undefined)
    stopListening()
    workspace.value = ws
    view.value = v
    firstRows = byId.size > 0
    performance.mark('clusters:watch')
    unsubscribers.push(
      onEvent<[ClustersDelta]>(scoped(EventName.ClustersChanged, ws), (d) => apply(expandDelta(d))),
      onEvent<[ClustersStatus]>(scoped(EventName.ClustersStatus, ws), (s) => {
        if (s.view === view.value) status.value = s
      }),
    )
    const gen = ++generation
    try {
      // The rows need not wait for the action table (row menus read it):
      // both calls go out at once.
      const loadTable = table.value ? null : clustersApi.actionTable().then((t) => (table.value = t))
      await Promise.all([clustersApi.watch(ws, v), loadTable])
      if (gen !== generation) {
        // A switch away happened while this watch was on its way; its
        // unwatch may have reached the backend first, so say it again.
        if (workspace.value !== ws) void clustersApi.unwatch(ws).catch(() => undefined)
        return
      }
      error.value = null
    } catch (e) {
      if (gen === generation) error.value = toApiError(e)
    }
  }

  function stopListening(): void {
    while (unsubscribers.length > 0) unsubscribers.pop()?.()
  }

  async function unwatch(): Promise<void> {
    stopListening()
    if (workspace.value) await clustersApi.unwatch(workspace.value).catch(() => undefined)
  }

  async function refresh(): Promise<boolean> {
    if (!workspace.value) return false
    return clustersApi.refresh(workspace.value)
  }

  /**
   * Why nothing can be changed now: the shown workspace is offline, or
   * refused the credentials (sign-in needed), so the page shows its last
   * known data read-only. null while it is reachable and signed in.
   */
  const offline = computed<string | null>(() => {
    const ws = workspace.value ?? workspaces.active?.id
    if (ws && workspaces.needsSignIn(ws)) {
      return 'Sign-in needed: the workspace refused the credentials; enter new ones or sign in again in Workspaces'
    }
    if (!ws || !workspaces.isOffline(ws)) return null
    const since = ws === workspace.value ? secondsSince(fetchedAt.value, now.value) : null
    return since === null
      ? 'Offline: nothing loaded yet; reconnects by itself'
      : `Offline: showing data from ${agoText(since)}; reconnects by itself`
  })

  /** Whether an action is possible for a row now, and why not. */
  function availability(r: Pick<ClusterRow, 'state' | 'kind' | 'pinned'>, action: ClusterAction): Availability {
    if (offline.value) return { action, enabled: false, reason: offline.value }
    if (action === 'pin' && r.pinned) return { action, enabled: false, reason: 'It is already pinned.' }
    if (action === 'unpin' && !r.pinned) return { action, enabled: false, reason: 'It is not pinned.' }
    const byKind = table.value?.[r.state] ?? table.value?.UNKNOWN
    const found = byKind?.[r.kind]?.find((a) => a.action === action)
    return found ?? { action, enabled: false, reason: 'Loading what this compute allows…' }
  }

  async function loadTable(): Promise<void> {
    if (!table.value) table.value = await clustersApi.actionTable()
  }

  function upsertLocal(r: ClusterRow): void {
    if (!byId.has(r.id)) return
    byId.set(r.id, Object.freeze(withHaystack(r)) as ClusterRow)
    version.value++
  }

  function row(id: string): ClusterRow | undefined {
    void version.value
    return byId.get(id)
  }

  // The backend follows one open cluster at a time. Its watch calls go out in
  // order, and an unwatch overtaken by a newer follow is not sent, so a page
  // that follows a cluster is never stopped by the one it replaced.
  let following: symbol | null = null
  let detailCalls: Promise<unknown> = Promise.resolve()
  function inOrder(call: () => Promise<void>): Promise<void> {
    const next = detailCalls.then(call)
    detailCalls = next.catch(() => undefined)
    return next
  }

  /**
   * Follows one cluster (cluster:changed:<workspace>:<id>): every update goes
   * to onChange and refreshes its row. Returns the function that stops.
   */
  function followDetail(
    ws: string,
    id: string,
    onChange: (ev: ClusterDetailEvent) => void,
    onError: (e: ApiError) => void = () => undefined,
  ): () => void {
    const mine = Symbol(id)
    following = mine
    const off = onEvent<[ClusterDetailEvent]>(scoped(EventName.ClusterChanged, `${ws}:${id}`), (ev) => {
      if (ev.detail) upsertLocal(ev.detail.row)
      onChange(ev)
    })
    announceVisibility()
    inOrder(() => clustersApi.watchDetail(ws, id)).catch((e: unknown) => onError(toApiError(e)))
    return () => {
      off()
      if (following !== mine) return
      following = null
      void inOrder(() => (following ? Promise.resolve() : clustersApi.unwatchDetail())).catch(() => undefined)
    }
  }

  return {
    workspace, view, version, complete, status, fetchedAt, progress, error, filters, sort, me, table, pending,
    all, sorted, visible, offline, apply, watch, unwatch, refresh, availability, loadTable, upsertLocal, row,
    followDetail,
  }
})
