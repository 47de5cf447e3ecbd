import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import OperationProgress from './OperationProgress.vue'

describe('OperationProgress', () => {
  it('shows the step as text and a Cancel button that asks to cancel', async () => {
    const w = mount(OperationProgress, { props: { step: 'Looking for the <b>cluster</b> this request made', cancelling: false } })
    expect(w.get('[data-testid="operation-step"]').text()).toBe('Looking for the <b>cluster</b> this request made')
    const cancel = w.get('[data-testid="operation-cancel"]')
    expect(cancel.text()).toBe('Cancel')
    await cancel.trigger('click')
    expect(w.emitted('cancel')).toHaveLength(1)
  })

  it('says it is cancelling and takes no second cancel', () => {
    const w = mount(OperationProgress, { props: { step: 'Cancelling…', cancelling: true } })
    const cancel = w.get('[data-testid="operation-cancel"]')
    expect(cancel.text()).toBe('Cancelling…')
    expect(cancel.attributes('disabled')).toBeDefined()
  })
})
