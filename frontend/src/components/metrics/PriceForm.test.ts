import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { noPrices, type ApiError, type MetricsPrices } from '@/api'
import PriceForm from './PriceForm.vue'

const zero: MetricsPrices = noPrices()

describe('PriceForm', () => {
  it('has a field per SKU family, says the prices are for estimates, and updates only the field changed', async () => {
    const form = mount(PriceForm, { props: { modelValue: { ...zero, jobs: 0.3 } } })
    for (const k of ['allPurpose', 'allPurposePhoton', 'jobs', 'jobsPhoton', 'sqlServerless', 'sqlPro', 'sqlClassic']) {
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

  it('prices SQL warehouses by kind, as the clusters are priced by SKU', async () => {
    const form = mount(PriceForm, { props: { modelValue: zero } })
    const input = form.find('[data-testid="price-sqlServerless"] input')
    await input.setValue('0.7')
    await input.trigger('blur')
    await nextTick()
    expect((form.emitted('update:modelValue') ?? []).at(-1)?.[0]).toEqual({ ...zero, sqlServerless: 0.7 })
    expect(form.text()).toContain('SQL warehouse')
  })

  it("shows the backend's refusal (one validation: metrics Prices.valid)", () => {
    const error = { code: 'BAD_PRICE', message: 'A price per DBU must be from $0 to $100.', hint: 'Enter what your contract says.' } as ApiError
    const form = mount(PriceForm, { props: { modelValue: zero, error } })
    expect(form.find('[data-testid="price-error"]').text()).toContain('from $0 to $100')
  })
})

describe('PriceForm with a decimal comma', () => {
  // Issue 36: "abc" was dropped without a word.
  it('says so next to the field when what is typed is not a number, and keeps the last good price', async () => {
    const form = mount(PriceForm, { props: { modelValue: { ...zero, jobs: 0.3 } } })
    const input = form.find('[data-testid="price-jobs"] input')
    await input.setValue('abc')
    await input.trigger('blur')
    await nextTick()
    expect(form.find('[data-testid="price-jobs-error"]').text()).toBe('"abc" is not a price: type a number such as 0.55.')
    expect((form.emitted('update:modelValue') ?? []).every(([v]) => (v as typeof zero).jobs === 0.3)).toBe(true)
    await input.setValue('0,4')
    await input.trigger('blur')
    await nextTick()
    expect(form.find('[data-testid="price-jobs-error"]').exists()).toBe(false)
  })

  it('reads "0,55" as 0.55, as a user of a decimal-comma locale types it', async () => {
    const form = mount(PriceForm, { props: { modelValue: zero } })
    const input = form.find('[data-testid="price-jobs"] input')
    await input.setValue('0,55')
    await input.trigger('blur')
    await nextTick()
    expect((form.emitted('update:modelValue') ?? []).at(-1)?.[0]).toEqual({ ...zero, jobs: 0.55 })
  })
})
