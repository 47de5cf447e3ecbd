import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import { ApiError } from '@/api'
import ConfirmDialog from './ConfirmDialog.vue'

function mountDialog(props: Partial<InstanceType<typeof ConfirmDialog>['$props']> = {}) {
  const Host = defineComponent({
    setup: () => () =>
      h(ConfirmDialog, { show: true, title: 'Restart «etl»?', confirmLabel: 'Yes, restart it', confirmTestid: 'yes', ...props }, () =>
        h('p', { class: 'said' }, 'Running work stops.'),
      ),
  })
  return mount(Host, { attachTo: document.body })
}
const q = (sel: string) => document.querySelector<HTMLElement>(sel)
const cancel = () => [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === 'Cancel')!

describe('ConfirmDialog', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('asks the question with the message, and answers confirm or close', async () => {
    const w = mountDialog()
    await nextTick()
    expect(document.body.textContent).toContain('Restart «etl»?')
    expect(q('.said')?.textContent).toBe('Running work stops.')
    q('[data-testid="yes"]')!.click()
    cancel().click()
    const dialog = w.findComponent(ConfirmDialog)
    expect(dialog.emitted('confirm')).toHaveLength(1)
    expect(dialog.emitted('update:show')).toEqual([[false]])
    expect(q('[data-testid="yes"]')!.className).toContain('warning')
    w.unmount()
  })

  it('is red for a dangerous action, shows the error, and cannot be closed while busy', async () => {
    const error = new ApiError({ code: 'INTERNAL_ERROR', message: 'Databricks reported an internal error.', hint: 'Try again.' })
    const w = mountDialog({ danger: true, busy: true, error })
    await nextTick()
    expect(q('[data-testid="yes"]')!.className).toContain('error')
    expect(q('[data-testid="action-error"]')?.textContent).toContain('Databricks reported an internal error.')
    expect(cancel().disabled).toBe(true)
    cancel().click()
    expect(w.findComponent(ConfirmDialog).emitted('update:show')).toBeUndefined()
    w.unmount()
  })
})
