import { beforeEach, describe, expect, it, vi } from 'vitest'

const bindings = vi.hoisted(() => ({ Get: vi.fn(), Install: vi.fn(), Uninstall: vi.fn(), Elsewhere: vi.fn() }))
vi.mock('../../wailsjs/go/app/Libraries', () => bindings)

import { ApiError } from './errors'
import { librariesApi } from './libraries'

describe('librariesApi', () => {
  beforeEach(() => vi.resetAllMocks())

  it('sends the whole form with empty fields filled in', async () => {
    bindings.Install.mockResolvedValue({ done: true, problems: [], view: { libraries: [] } })
    await librariesApi.install('demo', 'c1', { kind: 'pypi', package: 'pandas' })
    expect(bindings.Install).toHaveBeenCalledWith('demo', 'c1', expect.objectContaining({
      kind: 'pypi', package: 'pandas', repo: '', coordinates: '', exclusions: [], path: '',
    }))
  })

  it('throws a refusal as an ApiError', async () => {
    bindings.Uninstall.mockRejectedValue({ code: 'POLICY_LIBRARY', message: 'installed by the policy', hint: 'change the policy' })
    const err = await librariesApi.uninstall('demo', 'c1', 'k').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'POLICY_LIBRARY' })
  })
})
