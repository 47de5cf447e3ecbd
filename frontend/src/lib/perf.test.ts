import { describe, expect, it } from 'vitest'
import { measured } from './perf'

describe('measured', () => {
  it('leaves one measure per call, settled or failed, and passes results through', async () => {
    performance.clearMeasures('t:call')
    const ok = measured('t:call', async (a: number, b: number) => a + b)
    await expect(ok(2, 3)).resolves.toBe(5)
    const bad = measured('t:call', async () => {
      throw new Error('refused')
    })
    await expect(bad()).rejects.toThrow('refused')
    const entries = performance.getEntriesByName('t:call', 'measure')
    expect(entries).toHaveLength(2)
    expect(entries.every((e) => e.duration >= 0)).toBe(true)
  })
})
