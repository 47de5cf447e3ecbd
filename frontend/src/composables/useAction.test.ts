import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api'
import { useAction } from './useAction'

function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useAction', () => {
  it('is busy while the call runs and returns its result', async () => {
    const a = useAction()
    const d = deferred<string>()
    const done = a.run(() => d.promise)
    expect(a.busy.value).toBe(true)
    d.resolve('ok')
    expect(await done).toBe('ok')
    expect(a.busy.value).toBe(false)
    expect(a.error.value).toBeNull()
  })

  it('ignores a second run while the first is under way', async () => {
    const a = useAction()
    const d = deferred<number>()
    let calls = 0
    const first = a.run(() => {
      calls++
      return d.promise
    })
    const second = await a.run(async () => {
      calls++
      return 2
    })
    expect(second).toBeUndefined()
    d.resolve(1)
    expect(await first).toBe(1)
    expect(calls).toBe(1)
  })

  it('keeps the backend error shape for display, and clears it on the next run', async () => {
    const a = useAction()
    const failed = await a.run(() =>
      Promise.reject({ code: 'INVALID', message: 'The name is taken.', hint: 'Pick another.', field: 'name' }),
    )
    expect(failed).toBeUndefined()
    expect(a.busy.value).toBe(false)
    expect(a.error.value).toBeInstanceOf(ApiError)
    expect(a.error.value).toMatchObject({ code: 'INVALID', message: 'The name is taken.', hint: 'Pick another.', field: 'name' })

    const d = deferred<boolean>()
    const again = a.run(() => d.promise)
    expect(a.error.value).toBeNull() // cleared as the next run starts
    d.resolve(true)
    expect(await again).toBe(true)
  })

  it('turns a transport failure into an ApiError too', async () => {
    const a = useAction()
    await a.run(() => Promise.reject(new Error('unknown method')))
    expect(a.error.value?.code).toBe('BRIDGE')
    expect(a.error.value?.detail).toBe('unknown method')
    a.reset()
    expect(a.error.value).toBeNull()
  })
})
