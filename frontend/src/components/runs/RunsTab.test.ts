import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({
  newToken: vi.fn(), submit: vi.fn(), submitOnDraft: vi.fn(), list: vi.fn(), output: vi.fn(), cancel: vi.fn(), openPage: vi.fn(),
}))
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), runsApi: api }))

import RunsTab from './RunsTab.vue'

const row = (status: string) => ({
  runId: 5, runName: 'load', status, lifeCycleState: status === 'running' ? 'RUNNING' : 'TERMINATED', resultState: '', terminationCode: '',
  actions: status === 'running' ? ['cancel'] : [], creator: 'me', what: '/Shared/etl/load', startTime: 0, durationMs: 0, runPageUrl: '',
})

describe('the Runs tab', () => {
  afterEach(() => vi.resetAllMocks())

  it('shows the problems of a refused submit at their field, then the run made and its output', async () => {
    api.newToken.mockResolvedValue('t-1')
    api.list.mockResolvedValueOnce([]).mockResolvedValue([row('succeeded')])
    api.submit
      .mockResolvedValueOnce({ problems: [{ field: 'path', message: 'The path must be absolute.' }] })
      .mockResolvedValueOnce({ problems: [], run: row('succeeded') })
    api.output.mockResolvedValue({ row: row('succeeded'), notebookResult: '{"rows":1}' })
    const w = mount(RunsTab, { props: { workspace: 'demo', clusterId: 'c-1' }, global: { plugins: [createPinia()] } })
    await flushPromises()
    expect(w.find('[data-testid="runs-empty"]').exists()).toBe(true)

    await w.find('[data-testid="run-path"] input').setValue('Shared/etl/load')
    await w.find('[data-testid="run-submit-button"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="problem-path"]').text()).toContain('must be absolute')
    expect(api.submit).toHaveBeenLastCalledWith('demo', 'c-1', expect.objectContaining({ path: 'Shared/etl/load', idempotencyToken: 't-1' }))

    await w.find('[data-testid="run-path"] input').setValue('/Shared/etl/load')
    await w.find('[data-testid="run-submit-button"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="problem-path"]').exists()).toBe(false)
    expect(w.findAll('[data-testid="run-row"]')).toHaveLength(1)
    expect(w.find('[data-testid="run-output-result"]').text()).toBe('{"rows":1}')
    w.unmount()
  })

  it('cancels a running run and shows why a cancel failed', async () => {
    api.newToken.mockResolvedValue('t-1')
    api.list.mockResolvedValue([row('running')])
    api.cancel.mockRejectedValueOnce({ code: 'UNREACHABLE', message: 'The workspace did not answer.', hint: '' })
    const w = mount(RunsTab, { props: { workspace: 'demo', clusterId: 'c-1' }, global: { plugins: [createPinia()] } })
    await flushPromises()
    await w.find('[data-testid="run-cancel"]').trigger('click')
    await flushPromises()
    expect(api.cancel).toHaveBeenCalledWith('demo', 5)
    expect(w.find('[data-testid="runs-error"]').text()).toContain('did not answer')
    w.unmount()
  })
})
