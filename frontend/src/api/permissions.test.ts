import { beforeEach, describe, expect, it, vi } from 'vitest'

const bindings = vi.hoisted(() => ({ Get: vi.fn(), Grant: vi.fn(), Remove: vi.fn(), ChangeOwner: vi.fn(), Search: vi.fn() }))
vi.mock('../../wailsjs/go/app/Permissions', () => bindings)

import { ApiError } from './errors'
import { permissionsApi } from './permissions'

describe('permissionsApi', () => {
  beforeEach(() => vi.resetAllMocks())

  it('reads and changes one object by type and id', async () => {
    bindings.Get.mockResolvedValue({ objectId: 'c1', entries: [] })
    await expect(permissionsApi.get('demo', 'clusters', 'c1')).resolves.toMatchObject({ objectId: 'c1' })
    expect(bindings.Get).toHaveBeenCalledWith('demo', 'clusters', 'c1')

    bindings.Grant.mockResolvedValue({ objectId: 'c1', entries: [] })
    await permissionsApi.grant('demo', 'clusters', 'c1', [{ principal: { kind: 'group', name: 'analysts' }, level: 'CAN_RESTART' }])
    expect(bindings.Grant).toHaveBeenCalledWith('demo', 'clusters', 'c1', [
      expect.objectContaining({ principal: expect.objectContaining({ kind: 'group', name: 'analysts', displayName: '' }), level: 'CAN_RESTART' }),
    ])

    bindings.Remove.mockResolvedValue({ objectId: 'p1', entries: [] })
    await permissionsApi.remove('demo', 'instance-pools', 'p1', { kind: 'user', name: 'li.wei@example.com' })
    expect(bindings.Remove).toHaveBeenCalledWith('demo', 'instance-pools', 'p1', expect.objectContaining({ kind: 'user', name: 'li.wei@example.com' }))
  })

  it('throws a refusal as an ApiError', async () => {
    bindings.Grant.mockRejectedValue({ code: 'PERMISSION_DENIED', message: 'You do not have permission to do this in this workspace.', hint: 'Ask a workspace admin.' })
    const err = await permissionsApi.grant('demo', 'clusters', 'c1', []).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'PERMISSION_DENIED' })
  })
})
