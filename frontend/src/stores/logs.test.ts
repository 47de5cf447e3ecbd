import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({ files: vi.fn(), read: vi.fn(), download: vi.fn() }))
vi.mock('@/api/logs', () => ({ logsApi: api }))

import { FOLLOW_MS, useLogsStore, VIEW_MS } from './logs'

const stdout = { name: 'stdout', kind: 'stdout', active: true, size: 30, modified: 0, readable: true }
const view = (follow: boolean, files = [stdout]) => ({ configured: true, delivered: true, follow, note: '', files })
const win = (start: number, end: number, text = 'line', over: Record<string, unknown> = {}) => ({
  file: 'stdout', size: 30, start, end, atStart: start === 0, atEnd: true, rotated: false,
  lines: end > start ? [{ offset: start, text, time: 0, level: '' }] : [],
  ...over,
})
const down = { code: 'UNREACHABLE', message: 'Down.', hint: '' }

describe('logs store', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.resetAllMocks()
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('reads the tail of the first readable file, then new lines every few seconds while following', async () => {
    const gz = { ...stdout, name: 'log4j.log.gz', readable: false }
    api.files.mockResolvedValue(view(true, [gz, stdout]))
    api.read.mockResolvedValueOnce(win(20, 30, 'tail')).mockResolvedValue(win(30, 30))
    const store = useLogsStore()
    await store.watch('demo', 'c-1')
    await vi.advanceTimersByTimeAsync(0)
    expect(api.read).toHaveBeenCalledWith('demo', 'c-1', 'stdout', 'tail')
    expect(store.buf.lines.map((l) => l.text)).toEqual(['tail'])
    expect(store.lastRead).toBe('tail')
    await vi.advanceTimersByTimeAsync(FOLLOW_MS)
    expect(api.read).toHaveBeenLastCalledWith('demo', 'c-1', 'stdout', { after: 30 })
    await vi.advanceTimersByTimeAsync(FOLLOW_MS)
    expect(api.read).toHaveBeenCalledTimes(3)

    store.follow = false // the user stops following: no more new-line reads
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 3)
    expect(api.read).toHaveBeenCalledTimes(3)
    expect(api.files).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(VIEW_MS)
    expect(api.files).toHaveBeenCalledTimes(2) // the files are listed again at their own pace
    store.stop()
  })

  it('does not follow compute that delivers no more', async () => {
    api.files.mockResolvedValue(view(false))
    api.read.mockResolvedValue(win(0, 30))
    const store = useLogsStore()
    await store.watch('demo', 'c-1')
    await vi.advanceTimersByTimeAsync(VIEW_MS - 100)
    expect(api.read).toHaveBeenCalledTimes(1) // the tail only
    store.stop()
  })

  it('keeps what was loaded when a read or a listing fails, with the error', async () => {
    api.files.mockResolvedValueOnce(view(true)).mockRejectedValue(down)
    api.read.mockResolvedValueOnce(win(20, 30, 'kept')).mockRejectedValue(down)
    const store = useLogsStore()
    await store.watch('demo', 'c-1')
    await vi.advanceTimersByTimeAsync(FOLLOW_MS)
    expect(store.readError?.code).toBe('UNREACHABLE')
    expect(store.buf.lines.map((l) => l.text)).toEqual(['kept'])
    await store.refresh()
    expect(store.viewError?.code).toBe('UNREACHABLE')
    expect(store.view?.files).toHaveLength(1)
    store.stop()
  })

  it('follows more slowly after failures', async () => {
    api.files.mockResolvedValue(view(true))
    api.read.mockResolvedValueOnce(win(20, 30)).mockRejectedValue(down)
    const store = useLogsStore()
    await store.watch('demo', 'c-1')
    await vi.advanceTimersByTimeAsync(FOLLOW_MS)
    expect(api.read).toHaveBeenCalledTimes(2) // failed
    await vi.advanceTimersByTimeAsync(FOLLOW_MS * 2 - 100)
    expect(api.read).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(200)
    expect(api.read).toHaveBeenCalledTimes(3) // doubled
    store.stop()
  })

  it('drops answers for a cluster it no longer shows', async () => {
    let resolveFiles: (v: unknown) => void = () => {}
    let resolveTail: (v: unknown) => void = () => {}
    api.files
      .mockImplementationOnce(() => new Promise((r) => (resolveFiles = r)))
      .mockResolvedValueOnce(view(false))
      .mockResolvedValue(view(false, [{ ...stdout, name: 'stderr' }]))
    api.read.mockImplementationOnce(() => new Promise((r) => (resolveTail = r))).mockResolvedValue(win(0, 10, 'c-3'))
    const store = useLogsStore()
    const first = store.watch('demo', 'c-1')
    await store.watch('demo', 'c-2') // its tail read hangs
    expect(store.file).toBe('stdout')
    const tail = store.watch('demo', 'c-3')
    resolveFiles(view(true))
    resolveTail(win(0, 10, 'c-2'))
    await Promise.all([first, tail])
    await vi.advanceTimersByTimeAsync(0)
    expect(store.file).toBe('stderr')
    expect(store.view?.follow).toBe(false)
    expect(store.buf.lines.map((l) => l.text)).toEqual(['c-3'])
    expect(api.read).toHaveBeenLastCalledWith('demo', 'c-3', 'stderr', 'tail')
    store.stop()
  })

  it('reads the window before on request, and downloads the file', async () => {
    api.files.mockResolvedValue(view(false))
    api.read.mockResolvedValueOnce(win(20, 30, 'late')).mockResolvedValueOnce(win(0, 20, 'early'))
    api.download.mockResolvedValue({ saved: true, path: '/tmp/stdout.txt', bytes: 30 })
    const store = useLogsStore()
    await store.watch('demo', 'c-1')
    await vi.advanceTimersByTimeAsync(0)
    expect(await store.readEarlier()).toBe(true)
    expect(api.read).toHaveBeenLastCalledWith('demo', 'c-1', 'stdout', { before: 20 })
    expect(store.buf.lines.map((l) => l.text)).toEqual(['early', 'late'])
    expect(store.buf.atStart).toBe(true)
    expect(await store.readEarlier()).toBe(false) // nothing before the start
    expect((await store.download())?.path).toBe('/tmp/stdout.txt')
    expect(api.download).toHaveBeenCalledWith('demo', 'c-1', 'stdout')
    store.stop()
  })
})
