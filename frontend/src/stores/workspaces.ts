import { defineStore } from 'pinia'
import { computed, nextTick, ref } from 'vue'
import {
  ApiError,
  ConnectionState,
  EventName,
  onEvent,
  scoped,
  toApiError,
  workspacesApi,
  type CatalogView,
  type ConnectionView,
  type KeychainView,
  type WorkspaceForm,
  type WorkspaceView,
} from '@/api'

/** Performance entry names for switch-to-paint (read by the e2e suite). */
export const SWITCH_START = 'workspace-switch:start'
export const SWITCH_PAINT = 'workspace-switch-paint'

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => resolve())
    else setTimeout(resolve, 0)
  })
}

/**
 * The open workspaces, the active one, each one's connection state and
 * cached catalog summary, and the keychain's availability.
 */
export const useWorkspacesStore = defineStore('workspaces', () => {
  const list = ref<WorkspaceView[]>([])
  const connections = ref<Record<string, ConnectionView>>({})
  const catalogs = ref<Record<string, CatalogView>>({})
  const keychain = ref<KeychainView | null>(null)
  const loaded = ref(false)
  const error = ref<ApiError | null>(null)
  const global: Array<() => void> = []
  const scopedSubs = new Map<string, Array<() => void>>()
  let listening = false
  // Numbers the list reads: two events in quick succession start two reads
  // whose answers may come back in either order.
  let listRead = 0

  const active = computed(() => list.value.find((w) => w.active) ?? null)
  const activeConnection = computed<ConnectionView | null>(() =>
    active.value ? (connections.value[active.value.id] ?? null) : null,
  )
  const activeCatalog = computed<CatalogView | null>(() =>
    active.value ? (catalogs.value[active.value.id] ?? null) : null,
  )

  /** Offline: the workspace could not be reached; its cache is shown read-only. */
  function isOffline(id: string): boolean {
    return connections.value[id]?.state === ConnectionState.Offline
  }

  /** Sign-in needed: the workspace refused the credentials; read-only like offline until they are fixed. */
  function needsSignIn(id: string): boolean {
    return connections.value[id]?.state === ConnectionState.Unauthorized
  }

  /** Applies a read only if no newer read or local switch started since. */
  async function readList(): Promise<void> {
    const mine = ++listRead
    const read = await workspacesApi.list()
    if (mine === listRead) list.value = read
  }

  async function load(): Promise<void> {
    try {
      await readList()
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    } finally {
      loaded.value = true
    }
    await Promise.all([loadCatalogs(), loadKeychain()])
    if (active.value) await check(active.value.id)
  }

  /** "Check again": asks the keychain itself (loadKeychain only reads what the last use found). */
  async function recheckKeychain(): Promise<void> {
    try {
      keychain.value = await workspacesApi.recheckKeychain()
    } catch {
      keychain.value = null
    }
  }

  async function loadCatalogs(): Promise<void> {
    try {
      const all = await workspacesApi.catalogs()
      catalogs.value = Object.fromEntries(all.map((c) => [c.workspaceId, c]))
    } catch {
      // The summaries are decoration: the cards say "not fetched yet".
    }
  }

  async function loadKeychain(): Promise<void> {
    try {
      keychain.value = await workspacesApi.keychain()
    } catch {
      keychain.value = null
    }
  }

  async function check(id: string): Promise<void> {
    try {
      setConnection(await workspacesApi.check(id))
    } catch (e) {
      error.value = toApiError(e)
    }
    // A check may have needed a secret: the banner shows what the keychain said.
    await loadKeychain()
  }

  /**
   * Keeps a workspace's newest status: a check's answer and the events may
   * arrive in any order, and the backend numbers them (seq).
   */
  function setConnection(view: ConnectionView): void {
    const current = connections.value[view.workspaceId]
    if (current && current.seq > view.seq) return
    connections.value = { ...connections.value, [view.workspaceId]: view }
  }

  function markActive(id: string): void {
    listRead++ // a read started before this switch would undo it
    list.value = list.value.map((w) => ({ ...w, active: w.id === id }) as WorkspaceView)
  }

  /**
   * Switches at once from what is cached (list, connection state, catalog
   * summary), measures switch-to-paint, then lets the backend remember the
   * choice and refresh behind it (events bring the fresh data).
   */
  async function select(id: string): Promise<void> {
    if (active.value?.id === id) return
    const previous = active.value?.id
    performance.clearMarks(SWITCH_START)
    performance.clearMeasures(SWITCH_PAINT)
    performance.mark(SWITCH_START)
    markActive(id)
    const painted = nextTick()
      .then(nextFrame)
      .then(() => performance.measure(SWITCH_PAINT, SWITCH_START))
    try {
      const chosen = await workspacesApi.select(id)
      markActive(chosen.id)
    } catch (e) {
      if (previous) markActive(previous)
      throw toApiError(e)
    } finally {
      await painted
    }
  }

  /** Ctrl/Cmd+N: the N-th workspace of the list (1-based). */
  async function selectByIndex(n: number): Promise<void> {
    const w = list.value[n - 1]
    if (w) await select(w.id)
  }

  async function reload(): Promise<void> {
    await readList()
    await loadCatalogs()
    syncScoped()
  }

  async function create(form: WorkspaceForm): Promise<WorkspaceView> {
    const created = await workspacesApi.create(form).finally(loadKeychain)
    await reload()
    void check(created.id)
      .then(() => refreshCatalog(created.id))
      .catch(() => undefined) // the card shows the connection state
    return created
  }

  async function update(id: string, form: WorkspaceForm): Promise<WorkspaceView> {
    const saved = await workspacesApi.update(id, form).finally(loadKeychain)
    await reload()
    void check(id)
    return saved
  }

  async function remove(id: string): Promise<void> {
    await workspacesApi.remove(id)
    const { [id]: _gone, ...rest } = connections.value
    connections.value = rest
    await reload()
  }

  /** Fetches the catalog now; a failure is thrown (the summary with its error arrives as an event). */
  async function refreshCatalog(id: string): Promise<void> {
    catalogs.value = { ...catalogs.value, [id]: await workspacesApi.refreshCatalog(id) }
  }

  async function signIn(id: string): Promise<void> {
    setConnection(await workspacesApi.signIn(id))
  }

  /** Forgets the OAuth tokens, then re-checks so the card says "sign in". */
  async function signOut(id: string): Promise<void> {
    await workspacesApi.signOut(id)
    await check(id)
  }

  async function resetDemo(): Promise<void> {
    await workspacesApi.resetDemo()
  }

  function subscribeScoped(id: string): void {
    if (scopedSubs.has(id)) return
    scopedSubs.set(id, [
      onEvent<[ConnectionView]>(scoped(EventName.ConnectionChanged, id), setConnection),
      onEvent<[CatalogView]>(scoped(EventName.CatalogChanged, id), (view) => {
        catalogs.value = { ...catalogs.value, [id]: view }
      }),
    ])
  }

  /** Keeps one subscription per listed workspace as the list changes. */
  function syncScoped(): void {
    if (!listening) return
    const ids = new Set(list.value.map((w) => w.id))
    for (const id of ids) subscribeScoped(id)
    for (const [id, subs] of scopedSubs) {
      if (!ids.has(id)) {
        subs.forEach((off) => off())
        scopedSubs.delete(id)
      }
    }
  }

  function listen(): void {
    if (listening) return
    listening = true
    global.push(
      onEvent(EventName.WorkspacesChanged, () => {
        void reload().catch(() => undefined)
      }),
    )
    syncScoped()
  }

  function stop(): void {
    listening = false
    while (global.length > 0) global.pop()?.()
    for (const subs of scopedSubs.values()) subs.forEach((off) => off())
    scopedSubs.clear()
  }

  return {
    list,
    connections,
    catalogs,
    keychain,
    loaded,
    error,
    active,
    activeConnection,
    activeCatalog,
    isOffline,
    needsSignIn,
    load,
    loadKeychain,
    recheckKeychain,
    check,
    select,
    selectByIndex,
    create,
    update,
    remove,
    refreshCatalog,
    signIn,
    signOut,
    resetDemo,
    listen,
    stop,
  }
})
