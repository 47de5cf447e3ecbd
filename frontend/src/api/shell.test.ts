import { beforeEach, describe, expect, it, vi } from 'vitest'

// The generated bindings call window.go; here they are replaced so the test
// checks only what the typed layer adds: results passed through, errors thrown.
const bindings = vi.hoisted(() => ({ Info: vi.fn(), Ready: vi.fn() }))
vi.mock('../../wailsjs/go/app/Shell', () => bindings)

import { ApiError } from './errors'
import { shellApi } from './shell'

describe('shellApi', () => {
  beforeEach(() => vi.resetAllMocks())

  it('returns the build facts from Go', async () => {
    const info = { name: 'Clusterdeck', version: 'v1.2.3', platform: 'linux/amd64', transport: 'desktop' }
    bindings.Info.mockResolvedValue(info)
    await expect(shellApi.info()).resolves.toEqual(info)
    expect(bindings.Info).toHaveBeenCalledWith()
  })

  it('tells the backend the shell is ready', async () => {
    bindings.Ready.mockResolvedValue(undefined)
    await expect(shellApi.ready()).resolves.toBeUndefined()
    expect(bindings.Ready).toHaveBeenCalledTimes(1)
  })

  it.each([
    {
      name: 'a formatted Go error',
      raw: { code: 'NOT_AVAILABLE', message: 'This is not available in this build.', hint: 'Restart Clusterdeck.' },
      want: { code: 'NOT_AVAILABLE', message: 'This is not available in this build.', hint: 'Restart Clusterdeck.' },
    },
    {
      name: 'a transport failure (Wails rejects with a string)',
      raw: "method 'app.Shell.Info' not registered",
      want: { code: 'BRIDGE', detail: "method 'app.Shell.Info' not registered" },
    },
  ])('throws $name as an ApiError', async ({ raw, want }) => {
    bindings.Info.mockRejectedValue(raw)
    const err = await shellApi.info().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject(want)
  })
})
