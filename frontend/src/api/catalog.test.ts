import { beforeEach, describe, expect, it, vi } from 'vitest'

const bindings = vi.hoisted(() => ({ Pools: vi.fn(), Policies: vi.fn() }))
vi.mock('../../wailsjs/go/app/Catalog', () => bindings)

import { catalogApi } from './catalog'
import { ApiError } from './errors'

describe('catalogApi', () => {
  beforeEach(() => vi.resetAllMocks())

  it('asks for the listing of the given workspace', async () => {
    bindings.Pools.mockResolvedValue({ cache: { cached: true }, pools: [{ id: 'p1' }] })
    await expect(catalogApi.pools('prod')).resolves.toMatchObject({ pools: [{ id: 'p1' }] })
    expect(bindings.Pools).toHaveBeenCalledWith('prod')
    bindings.Policies.mockResolvedValue({ cache: { cached: false }, policies: [] })
    await expect(catalogApi.policies('dev')).resolves.toMatchObject({ policies: [] })
    expect(bindings.Policies).toHaveBeenCalledWith('dev')
  })

  it('throws a Go error as an ApiError', async () => {
    bindings.Policies.mockRejectedValue({
      code: 'UNKNOWN_WORKSPACE',
      message: 'That workspace is not open in Clusterdeck.',
      hint: 'Pick a workspace from the switcher.',
    })
    const err = await catalogApi.policies('gone').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'UNKNOWN_WORKSPACE' })
  })
})
