import { defineStore } from 'pinia'
import { ref } from 'vue'
import {
  draftsApi,
  runsApi,
  toApiError,
  type ApiError,
  type DraftRow,
  type RunForm,
  type RunOutput,
  type RunRow,
  type RunSubmitted,
} from '@/api'
import { anyRunning, POLL_MS } from '@/components/runs/tab'
import { usePoller } from '@/composables/usePoller'

/**
 * The Runs tab of the cluster shown: the one-time runs submitted on it and
 * the output of the one chosen, read again every POLL_MS while a run goes on
 * (usePoller: one read at a time, slower after failures, none while the
 * window is hidden); submit with one idempotency token per form, cancel. A
 * failed read keeps the rows it had.
 */
export const useRunsStore = defineStore('runs', () => {
  const workspaceId = ref<string | null>(null)
  const clusterId = ref<string | null>(null)
  const rows = ref<RunRow[] | null>(null)
  /** The last list read's failure. */
  const error = ref<ApiError | null>(null)
  /** The last submit's, cancel's or look-up's failure. */
  const actionError = ref<ApiError | null>(null)
  const busy = ref(false)
  /** The submit form's idempotency token: a retry of the same submit never makes a second run. */
  const token = ref('')
  const selected = ref<number | null>(null)
  const output = ref<RunOutput | null>(null)
  const outputError = ref<ApiError | null>(null)
  const outputLoading = ref(false)
  /** The drafts a run can make its own cluster from (any workspace's cluster tab lists the same). */
  const drafts = ref<DraftRow[]>([])
  let generation = 0 // bumped by stop(): answers for a cluster no longer shown are dropped

  const going = () => anyRunning(rows.value ?? []) || output.value?.row.status === 'running'

  async function load(): Promise<void> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return
    const gen = generation
    try {
      const list = await runsApi.list(ws, id)
      if (gen !== generation) return
      rows.value = list
      error.value = null
    } catch (e) {
      if (gen === generation) error.value = toApiError(e)
    }
  }

  async function loadOutput(): Promise<void> {
    const ws = workspaceId.value
    const id = selected.value
    if (!ws || id === null) return
    const gen = generation
    outputLoading.value = true
    try {
      const out = await runsApi.output(ws, id)
      if (gen === generation && selected.value === id) {
        output.value = out
        outputError.value = null
      }
    } catch (e) {
      if (gen === generation && selected.value === id) outputError.value = toApiError(e)
    } finally {
      if (gen === generation) outputLoading.value = false
    }
  }

  const poller = usePoller(async () => {
    await Promise.all([load(), loadOutput()])
    if (error.value) throw error.value
    return going() ? POLL_MS : null
  })

  async function newToken(): Promise<void> {
    const gen = generation
    try {
      const t = await runsApi.newToken()
      if (gen === generation) token.value = t
    } catch (e) {
      if (gen === generation) actionError.value = toApiError(e)
    }
  }

  /** Shows a run's output (and reads it while the run goes on). */
  function select(runId: number): void {
    const gen = generation
    selected.value = runId
    output.value = null
    outputError.value = null
    void loadOutput().then(() => {
      if (gen === generation) poller.schedule(going() ? POLL_MS : null)
    })
  }

  function closeOutput(): void {
    selected.value = null
    output.value = null
  }

  /**
   * Submits a run on this cluster, or on a new job cluster made from a draft.
   * The answer carries the form's problems; once a run is made the form gets
   * a new token and the run's output is shown. Null when it failed (the same
   * token is kept: submitting again returns the run this attempt may have
   * made) or the cluster changed meanwhile.
   */
  async function submit(form: Omit<RunForm, 'idempotencyToken'>, draftId: string | null): Promise<RunSubmitted | null> {
    const ws = workspaceId.value
    const id = clusterId.value
    if (!ws || !id) return null
    const gen = generation
    busy.value = true
    actionError.value = null
    try {
      const f = { ...form, idempotencyToken: token.value }
      const out = draftId ? await runsApi.submitOnDraft(ws, draftId, f) : await runsApi.submit(ws, id, f)
      if (gen !== generation) return null
      if (out.run) {
        await newToken()
        select(out.run.runId)
        await refresh()
      }
      return out
    } catch (e) {
      if (gen === generation) actionError.value = toApiError(e)
      return null
    } finally {
      if (gen === generation) busy.value = false
    }
  }

  async function cancel(runId: number): Promise<void> {
    const ws = workspaceId.value
    if (!ws) return
    const gen = generation
    actionError.value = null
    try {
      await runsApi.cancel(ws, runId)
      if (gen === generation) await refresh()
    } catch (e) {
      if (gen === generation) actionError.value = toApiError(e)
    }
  }

  async function openPage(runId: number): Promise<void> {
    const ws = workspaceId.value
    if (!ws) return
    try {
      await runsApi.openPage(ws, runId)
    } catch (e) {
      actionError.value = toApiError(e)
    }
  }

  async function loadDrafts(): Promise<void> {
    try {
      drafts.value = (await draftsApi.list()).drafts
    } catch (e) {
      actionError.value = toApiError(e)
    }
  }

  /** Shows a cluster's runs, afresh, with a new token for its form. */
  async function watch(ws: string, id: string): Promise<void> {
    stop()
    workspaceId.value = ws
    clusterId.value = id
    rows.value = null
    error.value = null
    actionError.value = null
    token.value = ''
    closeOutput()
    outputError.value = null
    outputLoading.value = false
    await Promise.all([poller.poke(), newToken()])
  }

  /** Reads again now (after a change) and goes on from there. */
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

  return {
    workspaceId, clusterId, rows, error, actionError, busy, token, selected, output, outputError, outputLoading, drafts,
    select, closeOutput, submit, cancel, openPage, loadDrafts, watch, refresh, stop,
  }
})
