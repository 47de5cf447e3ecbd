import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPoller } from './poller'

// A document whose visibility the test sets.
function fakeDoc() {
  const listeners = new Set<() => void>()
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  }
  const set = (v: DocumentVisibilityState) => {
    doc.visibilityState = v
    listeners.forEach((f) => f())
  }
  return { doc: doc as unknown as Document, set, listeners }
}

describe('poller', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads when the read says, and not while the window is hidden; once shown, at once', async () => {
    const { doc, set } = fakeDoc()
    const read = vi.fn(async () => 1000)
    const p = createPoller({ read, doc })
    await p.poke()
    expect(read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(read).toHaveBeenCalledTimes(2)
    set('hidden')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(read).toHaveBeenCalledTimes(2) // one fell due, none was made
    set('visible')
    await vi.advanceTimersByTimeAsync(0)
    expect(read).toHaveBeenCalledTimes(3)
    p.stop()
  })

  it('backs off after failures, doubling up to the cap, and recovers', async () => {
    let fail = true
    const at: number[] = []
    const read = vi.fn(async () => {
      at.push(Date.now())
      if (fail) throw new Error('offline')
      return 1000
    })
    const p = createPoller({ read, retryMs: 1000, maxBackoffMs: 5000, doc: fakeDoc().doc })
    const t0 = Date.now()
    await p.poke()
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 5000 + 5000)
    expect(at.map((t) => t - t0)).toEqual([0, 2000, 6000, 11_000, 16_000])
    expect(p.failures).toBe(5)
    fail = false
    await vi.advanceTimersByTimeAsync(5000)
    expect(p.failures).toBe(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(read).toHaveBeenCalledTimes(7)
    p.stop()
  })

  it('makes one read at a time: a poke during a read reads once more after it', async () => {
    let release: () => void = () => {}
    let running = 0
    let most = 0
    const read = vi.fn(async () => {
      running++
      most = Math.max(most, running)
      await new Promise<void>((r) => (release = r))
      running--
      return null
    })
    const p = createPoller({ read, doc: fakeDoc().doc })
    const first = p.poke()
    const second = p.poke()
    release()
    await vi.advanceTimersByTimeAsync(0)
    release()
    await Promise.all([first, second])
    expect(read).toHaveBeenCalledTimes(2)
    expect(most).toBe(1)
  })

  it('stops: no read after, even when one was under way; a poke starts again', async () => {
    const { doc, listeners } = fakeDoc()
    const read = vi.fn(async () => 500)
    const p = createPoller({ read, doc })
    const pending = p.poke()
    p.stop()
    await pending
    await vi.advanceTimersByTimeAsync(5000)
    expect(read).toHaveBeenCalledTimes(1)
    expect(listeners.size).toBe(0)
    await p.poke()
    await vi.advanceTimersByTimeAsync(500)
    expect(read).toHaveBeenCalledTimes(3)
    p.stop()
  })

  it('schedule(null) waits for a poke; schedule(ms) replaces the planned read', async () => {
    const read = vi.fn(async () => 1000)
    const p = createPoller({ read, doc: fakeDoc().doc })
    await p.poke()
    p.schedule(null)
    await vi.advanceTimersByTimeAsync(5000)
    expect(read).toHaveBeenCalledTimes(1)
    p.schedule(200)
    await vi.advanceTimersByTimeAsync(200)
    expect(read).toHaveBeenCalledTimes(2)
    p.stop()
  })
  it('does not lose a poke made during a read after schedule() replaced the plan', async () => {
    let release: () => void = () => {}
    const read = vi.fn(() => new Promise<number | null>((r) => (release = () => r(null))))
    const p = createPoller({ read, doc: fakeDoc().doc })
    const first = p.poke()
    p.schedule(null) // a change's answer came: no read planned
    const second = p.poke() // then something asks for a fresh read
    release()
    await vi.advanceTimersByTimeAsync(0)
    release()
    await Promise.all([first, second])
    expect(read).toHaveBeenCalledTimes(2)
    p.stop()
  })
})
