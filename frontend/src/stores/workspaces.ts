import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import {
  ApiError,
  ConnectionState,
  EventName,
  onEvent,
  scoped,
  toApiError,
  workspacesApi,
  type ConnectionView,
  type WorkspaceView,
} from '@/api'

/** The open workspaces, the active one, and each one's connection state. */
export const useWorkspacesStore = defineStore('workspaces', () => {
  const list = ref<WorkspaceView[]>([])
  const connections = ref<Record<string, ConnectionView>>({})
  const loaded = ref(false)
  const error = ref<ApiError | null>(null)
  const unsubscribers: Array<() => void> = []

  const active = computed(() => list.value.find((w) => w.active) ?? null)
  const activeConnection = computed<ConnectionView | null>(() =>
    active.value ? (connections.value[active.value.id] ?? null) : null,
  )

  async function load(): Promise<void> {
    try {
      list.value = await workspacesApi.list()
      error.value = null
    } catch (e) {
      error.value = toApiError(e)
    } finally {
      loaded.value = true
    }
    if (active.value) await check(active.value.id)
  }

  async function check(id: string): Promise<void> {
    try {
      connections.value = { ...connections.value, [id]: await workspacesApi.check(id) }
    } catch (e) {
      error.value = toApiError(e)
    }
  }

  async function select(id: string): Promise<void> {
    if (active.value?.id === id) return
    const chosen = await workspacesApi.select(id)
    list.value = list.value.map((w) => ({ ...w, active: w.id === chosen.id }) as WorkspaceView)
    if (connections.value[id]?.state !== ConnectionState.Online) await check(id)
  }

  function listen(): void {
    if (unsubscribers.length > 0) return
    unsubscribers.push(
      onEvent(EventName.WorkspacesChanged, () => {
        void workspacesApi.list().then((l) => (list.value = l))
      }),
    )
    for (const w of list.value) {
      unsubscribers.push(
        onEvent<[ConnectionView]>(scoped(EventName.ConnectionChanged, w.id), (view) => {
          connections.value = { ...connections.value, [w.id]: view }
        }),
      )
    }
  }

  function stop(): void {
    while (unsubscribers.length > 0) unsubscribers.pop()?.()
  }

  return { list, connections, loaded, error, active, activeConnection, load, check, select, listen, stop }
})
