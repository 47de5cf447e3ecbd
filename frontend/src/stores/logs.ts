import { defineStore } from 'pinia'
import { computed, ref, watch as watchValue } from 'vue'
import { logsApi, toApiError, type ApiError, type LogsSaved, type LogsView } from '@/api'
import { append, emptyBuffer, fromTail, prepend, type LogBuffer } from '@/components/logs/buffer'
import { usePoller } from '@/composables/usePoller'

/** New lines are read this often while following. */
export const FOLLOW_MS = 5_000
/** The delivered files are listed again this often. */
export const VIEW_MS = 30_000

/** Which read last changed the buffer (the tab scrolls after a tail or new lines). */
export type LogsRead = 'tail' | 'earlier' | 'new'

/**
 * The Driver logs tab of the cluster shown: its delivery and files (listed
 * again every VIEW_MS), the file chosen and one window of it (buffer.ts) read
 * by byte range from the tail, earlier windows on request, and, while the
 * compute runs and the user follows, the new lines every FOLLOW_MS (usePoller:
 * one read at a time, slower after failures, none while the window is
 * hidden). A failed read keeps what was loaded.
 */
export const useLogsStore = defineStore('logs', () => {
  const workspaceId = ref<string | null>(null)
  const clusterId = ref<string | null>(null)
  const view = ref<LogsView | null>(null)
  /** The last listing's failure. */
  const viewError = ref<ApiError | null>(null)
  /** The last read's (or download's) failure. */
  const readError = ref<ApiError | null>(null)
  const file = ref('')
  const buf = ref<LogBuffer>(emptyBuffer())
  const lastRead = ref<LogsRead | null>(null)
  const reading = ref(false)
  const saving = ref(false)
  /** The user's Follow switch; new lines are read only when the backend says the compute delivers them too. */
  const follow = ref(true)
  const canFollow = computed(() => !!view.value?.follow && follow.value)
  let generation = 0 // bumped by stop(): listings and downloads for a cluster no longer shown are dropped
  let seq = 0 // bumped by a tail read and stop(): reads of the window before are dropped

  async function loadView(): Promise<void> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return
    const gen = generation
    try {
      const v = await logsApi.files(ws, id)
      if (gen !== generation) return
      view.value = v
      viewError.value = null
      if (!v.files.some((f) => f.name === file.value)) selectFile(v.files.find((f) => f.readable)?.name ?? '')
    } catch (e) {
      if (gen === generation) viewError.value = toApiError(e)
    }
  }

  /** Chooses a file and reads its tail. */
  function selectFile(name: string): void {
    if (name === file.value) return
    file.value = name
    void readTail()
  }

  /** Replaces the buffer with the file's tail. */
  async function readTail(): Promise<void> {
    const mine = ++seq
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id || !file.value) return
    reading.value = true
    try {
      const w = await logsApi.read(ws, id, file.value, 'tail')
      if (mine !== seq) return
      buf.value = fromTail(w)
      lastRead.value = 'tail'
      readError.value = null
    } catch (e) {
      if (mine === seq) readError.value = toApiError(e)
    } finally {
      if (mine === seq) reading.value = false
    }
  }

  /** Reads the window before the buffer; true when its answer was taken. */
  async function readEarlier(): Promise<boolean> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (reading.value || buf.value.atStart || !ws || !id || !file.value) return false
    const mine = seq
    reading.value = true
    try {
      const w = await logsApi.read(ws, id, file.value, { before: buf.value.start })
      if (mine !== seq) return false
      buf.value = prepend(buf.value, w).buffer
      lastRead.value = 'earlier'
      return true
    } catch (e) {
      if (mine === seq) readError.value = toApiError(e)
      return false
    } finally {
      if (mine === seq) reading.value = false
    }
  }

  async function readNew(): Promise<void> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (reading.value || !buf.value.atEnd || !ws || !id || !file.value) return
    const mine = seq
    try {
      const w = await logsApi.read(ws, id, file.value, { after: buf.value.end })
      if (mine !== seq) return
      if (w.rotated) {
        // Delivery started the file afresh (hourly rotation): list the files again and read the new tail.
        await loadView()
        await readTail()
        return
      }
      if (!w.lines.length) return
      buf.value = append(buf.value, w)
      lastRead.value = 'new'
    } catch (e) {
      if (mine !== seq) return
      readError.value = toApiError(e)
      throw e
    }
  }

  const viewPoller = usePoller(async () => {
    await loadView()
    if (viewError.value) throw viewError.value
    return VIEW_MS
  })
  const followPoller = usePoller(async () => {
    await readNew()
    return canFollow.value ? FOLLOW_MS : null
  })

  function restartTimers(): void {
    if (!clusterId.value) return
    if (canFollow.value) followPoller.schedule(FOLLOW_MS)
    else followPoller.stop()
    viewPoller.schedule(VIEW_MS)
  }
  watchValue(canFollow, restartTimers)

  /** Saves the whole file through the save dialog (null when it failed or the cluster changed). */
  async function download(): Promise<LogsSaved | null> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return null
    const gen = generation
    saving.value = true
    try {
      const saved = await logsApi.download(ws, id, file.value)
      return gen === generation ? saved : null
    } catch (e) {
      if (gen === generation) readError.value = toApiError(e)
      return null
    } finally {
      if (gen === generation) saving.value = false
    }
  }

  /** Shows a cluster's driver logs, afresh. */
  async function watch(ws: string, id: string): Promise<void> {
    stop()
    workspaceId.value = ws
    clusterId.value = id
    view.value = null
    viewError.value = null
    readError.value = null
    file.value = ''
    buf.value = emptyBuffer()
    lastRead.value = null
    reading.value = false
    follow.value = true
    restartTimers()
    await loadView()
  }

  /** Lists the files again now (the compute's state moved). */
  function refresh(): Promise<void> {
    return loadView()
  }

  /** No cluster shown any more: no more reads, late answers dropped. */
  function stop(): void {
    generation++
    seq++
    viewPoller.stop()
    followPoller.stop()
    workspaceId.value = null
    clusterId.value = null
    saving.value = false
  }

  return {
    workspaceId, clusterId, view, viewError, readError, file, buf, lastRead, reading, saving, follow, canFollow,
    selectFile, readTail, readEarlier, download, watch, refresh, stop,
  }
})
