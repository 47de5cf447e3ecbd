import { beforeEach, describe, expect, it, vi } from 'vitest'

// The generated bindings call window.go; here they are replaced so the test
// checks only what the typed layer adds: argument passing and error shape.
const bindings = vi.hoisted(() => ({
  List: vi.fn(),
  Select: vi.fn(),
  Status: vi.fn(),
  Check: vi.fn(),
  Create: vi.fn(),
  TestDraft: vi.fn(),
}))
vi.mock('../../wailsjs/go/app/Workspaces', () => bindings)

import { ApiError } from './errors'
import { emptyForm, workspacesApi } from './workspaces'

describe('workspacesApi', () => {
  beforeEach(() => vi.resetAllMocks())

  it('passes the id through and returns the binding result', async () => {
    bindings.Select.mockResolvedValue({ id: 'prod', name: 'Prod', active: true })
    await expect(workspacesApi.select('prod')).resolves.toMatchObject({ id: 'prod', active: true })
    expect(bindings.Select).toHaveBeenCalledWith('prod')
  })

  it('turns a Go error into a thrown ApiError', async () => {
    bindings.Check.mockRejectedValue({
      code: 'UNKNOWN_WORKSPACE',
      message: 'That workspace is not open in Clusterdeck.',
      hint: 'Pick a workspace from the switcher.',
    })
    const err = await workspacesApi.check('nope').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'UNKNOWN_WORKSPACE', hint: 'Pick a workspace from the switcher.' })
  })

  it('sends the whole form, secrets included, only to the backend call', async () => {
    bindings.Create.mockResolvedValue({ id: 'x' })
    await workspacesApi.create({ ...emptyForm(), name: 'A', host: 'h', token: 't' })
    expect(bindings.Create).toHaveBeenCalledWith(expect.objectContaining({ name: 'A', host: 'h', authType: 'pat', token: 't' }))
    bindings.TestDraft.mockResolvedValue({ userName: 'u' })
    await workspacesApi.testDraft('id1', emptyForm())
    expect(bindings.TestDraft).toHaveBeenCalledWith('id1', expect.objectContaining({ authType: 'pat' }))
  })
})
