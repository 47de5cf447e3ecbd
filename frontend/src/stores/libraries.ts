import { defineStore } from 'pinia'
import { ref } from 'vue'
import {
  librariesApi,
  toApiError,
  type ApiError,
  type LibrariesView,
  type LibraryElsewhere,
  type LibraryForm,
  type LibraryOutcome,
} from '@/api'
import { POLL_MS } from '@/components/libraries/tab'
import { usePoller } from '@/composables/usePoller'

/**
 * The Libraries tab of the cluster shown: its libraries with their statuses,
 * read again every POLL_MS only while one is changing by itself (usePoller:
 * one read at a time, slower after failures, none while the window is
 * hidden), and the changes made from it (install, uninstall), whose answer
 * is shown at once. A failed read keeps the view it had.
 */
export const useLibrariesStore = defineStore('libraries', () => {
  const workspaceId = ref<string | null>(null)
  const clusterId = ref<string | null>(null)
  const view = ref<LibrariesView | null>(null)
  /** The last read's failure. */
  const error = ref<ApiError | null>(null)
  /** The last change's (or where-else look-up's) failure. */
  const actionError = ref<ApiError | null>(null)
  const note = ref('')
  const busy = ref(false)
  // The note said a change is under way ("Installing now…"): once no library
  // is changing any more it has said its piece, and goes.
  let noteLastsWhileChanging = false
  let generation = 0 // bumped by stop(): answers for a cluster no longer shown are dropped
  let latest = 0 // bumped by every read and change: an older read never overwrites a newer answer

  async function load(): Promise<number | null> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return null
    const gen = generation
    const mine = ++latest
    try {
      const v = await librariesApi.get(ws, id)
      if (gen !== generation || mine !== latest) return null
      view.value = v
      error.value = null
      if (noteLastsWhileChanging && !v.changing) {
        note.value = ''
        noteLastsWhileChanging = false
      }
      return v.changing ? POLL_MS : null
    } catch (e) {
      if (gen !== generation || mine !== latest) return null
      error.value = toApiError(e)
      throw error.value
    }
  }

  const poller = usePoller(load)

  /** Runs a change and shows the view the workspace answers with. */
  async function change(call: (ws: string, id: string) => Promise<LibraryOutcome>): Promise<LibraryOutcome | null> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return null
    const gen = generation
    busy.value = true
    actionError.value = null
    try {
      const out = await call(ws, id)
      if (gen !== generation) return null
      latest++ // a read started before the change must not overwrite its answer
      view.value = out.view
      note.value = out.note
      noteLastsWhileChanging = out.view.changing
      poller.schedule(out.view.changing ? POLL_MS : null)
      return out
    } catch (e) {
      if (gen === generation) actionError.value = toApiError(e)
      return null
    } finally {
      if (gen === generation) busy.value = false
    }
  }

  /** Installs a library (checked by the backend first: the outcome carries the form's problems). */
  const install = (form: LibraryForm) => change((ws, id) => librariesApi.install(ws, id, form))
  /** Uninstalls a library at the next restart. */
  const uninstall = (key: string) => change((ws, id) => librariesApi.uninstall(ws, id, key))

  /** The other clusters carrying a library (null when the look-up failed or the cluster changed). */
  async function elsewhere(key: string): Promise<LibraryElsewhere[] | null> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return null
    const gen = generation
    try {
      const list = await librariesApi.elsewhere(ws, id, key)
      return gen === generation ? list : null
    } catch (e) {
      if (gen === generation) actionError.value = toApiError(e)
      return null
    }
  }

  /** Shows a cluster's libraries, afresh. */
  async function watch(ws: string, id: string): Promise<void> {
    stop()
    workspaceId.value = ws
    clusterId.value = id
    view.value = null
    error.value = null
    actionError.value = null
    note.value = ''
    noteLastsWhileChanging = false
    await poller.poke()
  }

  /** Reads again now (the cluster's state moved) and goes on from there. */
  async function refresh(): Promise<void> {
    if (clusterId.value) await poller.poke()
  }

  /** No cluster shown any more: no more reads, late answers dropped. */
  function stop(): void {
    generation++
    poller.stop()
    workspaceId.value = null
    clusterId.value = null
    busy.value = false
  }

  return { workspaceId, clusterId, view, error, actionError, note, busy, install, uninstall, elsewhere, watch, refresh, stop }
})
