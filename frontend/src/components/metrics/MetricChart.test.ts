import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ChartError, type ChartHandle, type ChartSpec } from '@/lib/chart'
import MetricChart from './MetricChart.vue'
import { chartFailure } from './chartFailure'

const mountChart = vi.hoisted(() => vi.fn())
vi.mock('@/lib/chart', async (real) => ({ ...(await real<typeof import('@/lib/chart')>()), mountChart }))

const spec: ChartSpec = { x: [1, 2], lines: [{ label: 'Driver', values: [1, 2] }] }

function handle(over: Partial<ChartHandle> = {}): ChartHandle {
  return { update: vi.fn(), setDark: vi.fn(), resize: vi.fn(), setRange: vi.fn(), destroy: vi.fn(), ...over }
}

describe('MetricChart', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    mountChart.mockReset()
  })

  it('says in its place that the chart library did not load, with the engine error in the details', async () => {
    mountChart.mockRejectedValue(new ChartError('load', new RangeError('invalid language tag: C')))
    const w = mount(MetricChart, { props: { title: 'CPU', spec, testid: 'chart-cpu' } })
    await flushPromises()
    expect(w.find('[data-testid="chart-cpu"]').attributes('data-drawn')).toBe('failed')
    const failed = w.find('[data-testid="chart-failed"]')
    expect(failed.text()).toContain('the chart library did not load')
    expect(failed.text()).toContain('Reload the window')
    expect(failed.find('details').text()).toContain('CHART_LIBRARY_NOT_LOADED')
    expect(failed.find('details').text()).toContain('invalid language tag: C')
  })

  it('draws normally, and a later update that throws replaces the chart with its sentence', async () => {
    const h = handle({ update: vi.fn(() => { throw new ChartError('draw', new Error('canvas gone')) }) })
    mountChart.mockResolvedValue(h)
    const w = mount(MetricChart, { props: { title: 'CPU', spec, testid: 'chart-cpu' } })
    await flushPromises()
    expect(w.find('[data-testid="chart-cpu"]').attributes('data-drawn')).toBe('yes')
    expect(w.find('[data-testid="chart-failed"]').exists()).toBe(false)
    await w.setProps({ spec: { ...spec, x: [1, 2, 3] } })
    expect(w.find('[data-testid="chart-cpu"]').attributes('data-drawn')).toBe('failed')
    expect(w.find('[data-testid="chart-failed"]').text()).toContain('This chart could not be drawn.')
    expect(h.destroy).toHaveBeenCalledOnce()
  })
})

describe('chartFailure', () => {
  it('tells a failed load from a failed draw, and keeps a plain cause', () => {
    expect(chartFailure(new ChartError('load', new Error('x'))).code).toBe('CHART_LIBRARY_NOT_LOADED')
    expect(chartFailure(new ChartError('draw', new Error('x'))).code).toBe('CHART_NOT_DRAWN')
    const plain = chartFailure('boom')
    expect(plain.code).toBe('CHART_NOT_DRAWN')
    expect(plain.detail).toBe('boom')
  })
})
