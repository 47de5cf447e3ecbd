import { flushPromises, mount } from '@vue/test-utils'
import { describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'

const api = vi.hoisted(() => ({ rateSettings: vi.fn(), saveRates: vi.fn(), resetRates: vi.fn() }))
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), editorApi: api }))

import RatesDialog from './RatesDialog.vue'

describe('the DBU rate table', () => {
  it('shows the built-in figure beside each of the user’s, and the built-in table itself', async () => {
    api.rateSettings.mockResolvedValue({
      defaults: { label: 'built in', rates: { Standard_DS3_v2: 0.75, Standard_DS4_v2: 1.5 }, families: [{ cloud: 'azure', prefix: 'Standard_E', dbu_per_core: 0.25 }], photon_multiplier: 2 },
      user: { label: 'yours', rates: { Standard_DS3_v2: 1, Custom_X: 3 }, families: [] },
    })
    const show = ref(true)
    const w = mount(defineComponent({ setup: () => () => h(RatesDialog, { show: show.value }) }), { attachTo: document.body })
    await flushPromises()
    const beside = [...document.querySelectorAll('[data-testid="rate-row"]')].map((r) => [
      (r.querySelector('[data-testid="rate-node"] input') as HTMLInputElement).value,
      r.querySelector('[data-testid="rate-builtin"]')?.textContent,
    ])
    expect(beside).toEqual(
      expect.arrayContaining([
        ['Standard_DS3_v2', 'built in: 0.75'],
        ['Custom_X', 'not built in'],
      ]),
    )
    const table = document.querySelector('[data-testid="rates-builtin-table"]')
    expect(table?.textContent).toContain('Built-in figures: 2 node types and 1 family built in, Photon × 2.')
    w.unmount()
  })
})
