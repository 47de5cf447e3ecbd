import { flushPromises } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  newId: vi.fn(),
  cancel: vi.fn(),
  onProgress: vi.fn(),
  handlers: new Map<string, (ev: { operationId: string; step: string }) => void>(),
}))
vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return {
    ...real,
    operationsApi: { newId: api.newId, cancel: api.cancel, onProgress: api.onProgress },
  }
})

import { useOperation } from './useOperation'

// Long operations show the step the backend reports and can be cancelled.
describe('useOperation', () => {
  const off = vi.fn()
  beforeEach(() => {
    vi.resetAllMocks()
    api.handlers.clear()
    api.newId.mockResolvedValue('op-1')
    api.cancel.mockResolvedValue(true)
    api.onProgress.mockImplementation((id: string, h: (ev: { operationId: string; step: string }) => void) => {
      api.handlers.set(id, h)
      return off
    })
  })

  it('passes the operation id to the call and shows each step while it runs', async () => {
    const op = useOperation()
    let finish: (v: string) => void = () => {}
    const call = vi.fn(() => new Promise<string>((r) => (finish = r)))
    const done = op.run(call)
    await flushPromises()
    expect(call).toHaveBeenCalledWith('op-1')
    expect(op.running.value).toBe(true)
    api.handlers.get('op-1')!({ operationId: 'op-1', step: 'Sending create (attempt 2 of 3)' })
    expect(op.step.value).toBe('Sending create (attempt 2 of 3)')

    finish('c-1')
    await expect(done).resolves.toBe('c-1')
    expect(op.running.value).toBe(false)
    expect(op.step.value).toBe('')
    expect(off).toHaveBeenCalledTimes(1)
  })

  it('cancels the running operation by its id, once', async () => {
    const op = useOperation()
    let fail: (e: unknown) => void = () => {}
    const done = op.run(() => new Promise((_r, j) => (fail = j)))
    await flushPromises()
    await op.cancel()
    await op.cancel()
    expect(api.cancel).toHaveBeenCalledTimes(1)
    expect(api.cancel).toHaveBeenCalledWith('op-1')
    expect(op.cancelling.value).toBe(true)
    expect(op.step.value).toBe('Cancelling…')

    fail({ code: 'CANCELLED', message: 'Cancelled.' })
    await expect(done).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(op.running.value).toBe(false)
    expect(op.cancelling.value).toBe(false)
  })

  it('cancels nothing when nothing runs', async () => {
    await useOperation().cancel()
    expect(api.cancel).not.toHaveBeenCalled()
  })
})
