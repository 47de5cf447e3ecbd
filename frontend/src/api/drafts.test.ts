import { beforeEach, describe, expect, it, vi } from 'vitest'

// The generated bindings call window.go; here they are replaced so the test
// checks only what the typed layer adds: argument shapes and error shape.
const bindings = vi.hoisted(() => ({
  Get: vi.fn(),
  Create: vi.fn(),
  Save: vi.fn(),
  Check: vi.fn(),
  Export: vi.fn(),
  PlanApply: vi.fn(),
  Apply: vi.fn(),
  Duplicate: vi.fn(),
}))
vi.mock('../../wailsjs/go/app/Drafts', () => bindings)

import { draftsApi } from './drafts'
import { ApiError } from './errors'

describe('draftsApi', () => {
  beforeEach(() => vi.resetAllMocks())

  it('sends autosave as one DraftSave with the revision it was based on', async () => {
    bindings.Save.mockResolvedValue({ id: 'd1', revision: 4 })
    const content = { name: 'etl', workspaceId: 'demo', policyId: 'p1', notes: '', spec: { num_workers: 2 } }
    await expect(draftsApi.save('d1', 3, content)).resolves.toMatchObject({ revision: 4 })
    expect(bindings.Save).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'd1', revision: 3, name: 'etl', policyId: 'p1', spec: { num_workers: 2 }, specText: '' }),
    )
  })

  it('keeps text that is not valid JSON in the save', async () => {
    bindings.Save.mockResolvedValue({ id: 'd1', revision: 2 })
    const content = { name: 'etl', workspaceId: '', policyId: '', notes: '', spec: {}, specText: '{ "num_workers": ' }
    await draftsApi.save('d1', 1, content)
    expect(bindings.Save).toHaveBeenCalledWith(expect.objectContaining({ specText: '{ "num_workers": ' }))
  })

  it('passes ids, formats and defaults through', async () => {
    bindings.Export.mockResolvedValue({ format: 'json', content: '{}', warnings: ['libraries left out'] })
    await expect(draftsApi.exportText('json', ['d1'])).resolves.toMatchObject({ warnings: ['libraries left out'] })
    expect(bindings.Export).toHaveBeenCalledWith('json', ['d1'])
    bindings.Duplicate.mockResolvedValue({ id: 'd2' })
    await draftsApi.duplicate('d1')
    expect(bindings.Duplicate).toHaveBeenCalledWith('d1', '')
    bindings.PlanApply.mockResolvedValue({ action: 'create' })
    await draftsApi.plan('d1', 'demo')
    expect(bindings.PlanApply).toHaveBeenCalledWith('d1', 'demo', '')
    bindings.Check.mockResolvedValue({ state: 'ok' })
    await draftsApi.check('demo', '', { cluster_name: 'x' })
    expect(bindings.Check).toHaveBeenCalledWith('demo', '', { cluster_name: 'x' })
  })

  it('sends apply as an ApplyRequest', async () => {
    bindings.Apply.mockResolvedValue({ clusterId: 'c1' })
    await draftsApi.apply({ draftId: 'd1', workspaceId: 'demo', clusterId: '', fingerprint: 'f', start: true })
    expect(bindings.Apply).toHaveBeenCalledWith(
      expect.objectContaining({ draftId: 'd1', workspaceId: 'demo', fingerprint: 'f', start: true }),
    )
  })

  it('returns the recovery notice of a restored draft as it came', async () => {
    const recovery = { message: 'restored', reason: 'bad', restoredSavedAt: '2026-01-01T00:00:00Z', damagedFile: '/x/corrupt/a.json' }
    bindings.Get.mockResolvedValue({ id: 'd1', recovery })
    await expect(draftsApi.get('d1')).resolves.toMatchObject({ recovery })
    expect(bindings.Get).toHaveBeenCalledWith('d1')
  })

  it('turns a Go error into a thrown ApiError with its field', async () => {
    bindings.Create.mockRejectedValue({ code: 'INVALID_INPUT', message: 'Give the draft a name.', hint: 'Correct the field.', field: 'name' })
    const err = await draftsApi.create({ name: '', workspaceId: '', policyId: '', notes: '', spec: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'INVALID_INPUT', field: 'name' })
  })
})
