import { afterEach, describe, expect, it, vi } from 'vitest'
import { effectScope } from 'vue'
import { useNow } from './useNow'

describe('useNow', () => {
  afterEach(() => vi.useRealTimers())

  it('is one clock: every user reads the same instant, each second, until the last one goes', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T09:00:00Z') })
    const a = effectScope()
    const b = effectScope()
    const first = a.run(() => useNow())!
    const second = b.run(() => useNow())!
    vi.advanceTimersByTime(41_000)
    expect(first.value).toBe(Date.parse('2026-01-01T09:00:41Z'))
    expect(second.value).toBe(first.value)
    a.stop()
    vi.advanceTimersByTime(1000)
    expect(second.value).toBe(Date.parse('2026-01-01T09:00:42Z'))
    b.stop()
    expect(vi.getTimerCount()).toBe(0)
  })
})
