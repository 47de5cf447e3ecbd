import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAutosave } from './autosave'

describe('createAutosave', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('saves once after typing stops', async () => {
    const save = vi.fn().mockResolvedValue(undefined)
    const a = createAutosave(save, { delay: 500 })
    a.schedule()
    await vi.advanceTimersByTimeAsync(300)
    a.schedule()
    await vi.advanceTimersByTimeAsync(300)
    expect(save).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(300)
    expect(save).toHaveBeenCalledTimes(1)
    expect(a.pending()).toBe(false)
    a.dispose()
  })

  it('keeps a change whose save failed waiting, and writes it on the next flush', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined)
    const a = createAutosave(save, { delay: 500 })
    a.schedule()
    await vi.advanceTimersByTimeAsync(600)
    expect(save).toHaveBeenCalledTimes(1)
    expect(a.pending()).toBe(true)
    await a.flush()
    expect(save).toHaveBeenCalledTimes(2)
    expect(a.pending()).toBe(false)
    a.dispose()
  })

  it('flush writes a waiting change at once, and nothing when there is none', async () => {
    const save = vi.fn().mockResolvedValue(undefined)
    const a = createAutosave(save, { delay: 10_000 })
    await a.flush()
    expect(save).not.toHaveBeenCalled()
    a.schedule()
    expect(a.pending()).toBe(true)
    await a.flush()
    expect(save).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(save).toHaveBeenCalledTimes(1)
    a.dispose()
  })

  it('saves a change made during a write after it, never two at once', async () => {
    let release: () => void = () => undefined
    let inFlight = 0
    let most = 0
    const save = vi.fn(async () => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise<void>((r) => (release = r))
      inFlight--
    })
    const a = createAutosave(save, { delay: 100 })
    a.schedule()
    await vi.advanceTimersByTimeAsync(100)
    expect(save).toHaveBeenCalledTimes(1)
    a.schedule() // typed while the first write runs
    const done = a.flush()
    release()
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2))
    release()
    await done
    expect(most).toBe(1)
    a.dispose()
  })

  it('saves when the window closes or is hidden', async () => {
    const save = vi.fn().mockResolvedValue(undefined)
    const a = createAutosave(save, { delay: 60_000 })
    a.schedule()
    window.dispatchEvent(new Event('beforeunload'))
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1))

    a.schedule()
    const vis = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2))
    vis.mockRestore()

    a.dispose()
    a.schedule()
    window.dispatchEvent(new Event('beforeunload'))
    await Promise.resolve()
    expect(save).toHaveBeenCalledTimes(2) // listeners gone after dispose
    a.dispose()
  })
})
