import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  newToken: vi.fn(), submit: vi.fn(), submitOnDraft: vi.fn(), list: vi.fn(), output: vi.fn(), cancel: vi.fn(), openPage: vi.fn(),
}))
const drafts = vi.hoisted(() => ({ list: vi.fn() }))
vi.mock('@/api/runs', () => ({ runsApi: api }))
vi.mock('@/api/drafts', async (orig) => ({ ...(await orig<typeof import('@/api/drafts')>()), draftsApi: drafts }))

import { POLL_MS } from '@/components/runs/tab'
import { useRunsStore } from './runs'

const row = (runId: number, status = 'succeeded') => ({ runId, runName: `run ${runId}`, status, actions: status === 'running' ? ['cancel'] : [] })
const output = (runId: number, status = 'succeeded') => ({ row: row(runId, status), logs: '' })
const down = { code: 'UNREACHABLE', message: 'Down.', hint: '' }
const form = { kind: 'notebook' as const, path: '/Shared/etl/load' }

describe('runs store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    vi.useFakeTimers()
    api.newToken.mockResolvedValue('token-1')
  })
  afterEach(() => vi.useRealTimers())

  it('reads again every few seconds while a run is going, and stops when none is', async () => {
    api.list.mockResolvedValueOnce([row(1, 'running')]).mockResolvedValue([row(1)])
    const store = useRunsStore()
    await store.watch('demo', 'c-1')
    expect(api.list).toHaveBeenCalledWith('demo', 'c-1')
    expect(store.token).toBe('token-1')
    await vi.advanceTimersByTimeAsync(POLL_MS - 100)
    expect(api.list).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(200)
    expect(api.list).toHaveBeenCalledTimes(2) // running: POLL_MS
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.list).toHaveBeenCalledTimes(2) // none going: only when poked
    store.stop()
  })

  it('follows the output shown while its run goes on, even off this cluster’s list', async () => {
    api.list.mockResolvedValue([])
    api.output.mockResolvedValueOnce(output(7, 'running')).mockResolvedValue(output(7))
    const store = useRunsStore()
    await store.watch('demo', 'c-1')
    store.select(7)
    await vi.advanceTimersByTimeAsync(0)
    expect(store.output?.row.status).toBe('running')
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(api.output).toHaveBeenCalledTimes(2)
    expect(store.output?.row.status).toBe('succeeded')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.output).toHaveBeenCalledTimes(2)
    store.closeOutput()
    expect(store.selected).toBeNull()
    store.stop()
  })

  it('keeps the runs it had when a read fails, with the error', async () => {
    api.list.mockResolvedValueOnce([row(1)]).mockRejectedValue(down)
    const store = useRunsStore()
    await store.watch('demo', 'c-1')
    await store.refresh()
    expect(store.rows?.map((r) => r.runId)).toEqual([1])
    expect(store.error?.code).toBe('UNREACHABLE')
    store.stop()
  })

  it('drops answers for a cluster it no longer shows', async () => {
    let resolveList: (v: unknown) => void = () => {}
    let resolveSubmit: (v: unknown) => void = () => {}
    api.list
      .mockResolvedValueOnce([row(1)])
      .mockImplementationOnce(() => new Promise((r) => (resolveList = r)))
      .mockResolvedValue([row(2)])
    api.submit.mockImplementationOnce(() => new Promise((r) => (resolveSubmit = r)))
    const store = useRunsStore()
    await store.watch('demo', 'c-1')
    const submitting = store.submit(form, null)
    const reading = store.refresh()
    await store.watch('demo', 'c-2')
    resolveList([row(99, 'running')])
    resolveSubmit({ problems: [], run: row(98, 'running') })
    expect(await submitting).toBeNull()
    await reading
    expect(store.rows?.map((r) => r.runId)).toEqual([2])
    expect(store.selected).toBeNull()
    expect(store.busy).toBe(false)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(api.list).toHaveBeenCalledTimes(3) // the late running run planned no reads
    store.stop()
  })

  it('submits with the form’s token, then shows the run and gives the form a new token', async () => {
    api.list.mockResolvedValue([])
    api.newToken.mockResolvedValueOnce('token-1').mockResolvedValue('token-2')
    api.submit.mockRejectedValueOnce(down).mockResolvedValue({ problems: [], run: row(5) })
    api.output.mockResolvedValue(output(5))
    const store = useRunsStore()
    await store.watch('demo', 'c-1')
    expect(await store.submit(form, null)).toBeNull()
    expect(store.actionError?.code).toBe('UNREACHABLE')
    expect(store.token).toBe('token-1') // kept: a retry returns the run the failed attempt may have made
    const out = await store.submit(form, null)
    expect(api.submit).toHaveBeenLastCalledWith('demo', 'c-1', { ...form, idempotencyToken: 'token-1' })
    expect(out?.run?.runId).toBe(5)
    expect(store.actionError).toBeNull()
    expect(store.token).toBe('token-2')
    expect(store.selected).toBe(5)
    store.stop()
  })

  it('submits on a draft’s new cluster when one is chosen', async () => {
    api.list.mockResolvedValue([])
    api.submitOnDraft.mockResolvedValue({ problems: [{ field: 'path', message: 'must be absolute' }] })
    drafts.list.mockResolvedValue({ drafts: [{ id: 'd-1', name: 'etl' }], problems: [] })
    const store = useRunsStore()
    await store.watch('demo', 'c-1')
    await store.loadDrafts()
    expect(store.drafts.map((d) => d.id)).toEqual(['d-1'])
    const out = await store.submit(form, 'd-1')
    expect(api.submitOnDraft).toHaveBeenCalledWith('demo', 'd-1', { ...form, idempotencyToken: 'token-1' })
    expect(out?.problems).toHaveLength(1)
    expect(store.token).toBe('token-1') // nothing was made: the same form, the same token
    store.stop()
  })
})
