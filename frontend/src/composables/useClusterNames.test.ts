import { flushPromises } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const get = vi.fn()
vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return { ...real, clustersApi: { ...real.clustersApi, get: (...a: unknown[]) => get(...a) } }
})

import { useClusterNames } from './useClusterNames'

// The drafts page's "Applied" column shows the cluster's name, not its id.
describe('useClusterNames', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    get.mockReset()
  })

  it('reads a name once and gives it from then on', async () => {
    get.mockResolvedValue({ row: { name: 'nightly-etl' } })
    const { nameOf } = useClusterNames()
    expect(nameOf('demo', 'c-1')).toBeUndefined() // the page shows the id meanwhile
    await flushPromises()
    expect(nameOf('demo', 'c-1')).toBe('nightly-etl')
    expect(nameOf('demo', 'c-1')).toBe('nightly-etl')
    expect(get).toHaveBeenCalledTimes(1)
    expect(get).toHaveBeenCalledWith('demo', 'c-1')
  })

  it('stays without a name (the id shows) when the cluster cannot be read, and does not ask again', async () => {
    get.mockRejectedValue(new Error('offline'))
    const { nameOf } = useClusterNames()
    nameOf('prod', 'gone')
    await flushPromises()
    expect(nameOf('prod', 'gone')).toBeUndefined()
    expect(get).toHaveBeenCalledTimes(1)
  })
})
