import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import type { ApiError, MetricsPrices } from '@/api'
import PriceForm from './PriceForm.vue'

const zero: MetricsPrices = { allPurpose: 0, allPurposePhoton: 0, jobs: 0, jobsPhoton: 0 }

describe('PriceForm', () => {
  it('has a field per SKU family, says the prices are for estimates, and updates only the field changed', async () => {
    const form = mount(PriceForm, { props: { modelValue: { ...zero, jobs: 0.3 } } })
    for (const k of ['allPurpose', 'allPurposePhoton', 'jobs', 'jobsPhoton']) {
      expect(form.find(`[data-testid="price-${k}"]`).exists()).toBe(true)
    }
    expect(form.text()).toContain('estimates')
    const input = form.find('[data-testid="price-allPurpose"] input')
    await input.setValue('0.55')
    await input.trigger('blur')
    await nextTick()
    const emitted = form.emitted('update:modelValue') ?? []
    expect(emitted.at(-1)?.[0]).toEqual({ ...zero, jobs: 0.3, allPurpose: 0.55 })
  })

  it("shows the backend's refusal (one validation: metrics Prices.valid)", () => {
    const error = { code: 'BAD_PRICE', message: 'A price per DBU must be from $0 to $100.', hint: 'Enter what your contract says.' } as ApiError
    const form = mount(PriceForm, { props: { modelValue: zero, error } })
    expect(form.find('[data-testid="price-error"]').text()).toContain('from $0 to $100')
  })
})

describe('PriceForm with a decimal comma', () => {
  it('reads "0,55" as 0.55, as a user of a decimal-comma locale types it', async () => {
    const form = mount(PriceForm, { props: { modelValue: zero } })
    const input = form.find('[data-testid="price-jobs"] input')
    await input.setValue('0,55')
    await input.trigger('blur')
    await nextTick()
    expect((form.emitted('update:modelValue') ?? []).at(-1)?.[0]).toEqual({ ...zero, jobs: 0.55 })
  })
})
