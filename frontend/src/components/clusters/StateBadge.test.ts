import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { NTooltip } from 'naive-ui'
import { h } from 'vue'
import StateBadge, { bareBadge } from './StateBadge.vue'

const quota = { type: 'CLOUD_FAILURE', summary: 'No core quota left for this VM family.', fix: 'Pick a node type from another family.', code: 'AZURE_QUOTA_EXCEEDED_EXCEPTION', failure: true }

describe('StateBadge', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it.each([
    { state: 'RUNNING', termination: undefined, classes: ['cd-badge', 'ok'], text: 'Running' },
    { state: 'PENDING', termination: undefined, classes: ['cd-badge', 'busy'], text: 'Pending' },
    { state: 'TERMINATED', termination: quota, classes: ['cd-badge', 'idle', 'failed'], text: 'Terminated' },
    { state: 'ERROR', termination: undefined, classes: ['cd-badge', 'bad', 'failed'], text: 'Error' },
    { state: '', termination: undefined, classes: ['cd-badge', 'idle'], text: 'Unknown' },
  ])('bare badge for $state: $text', ({ state, termination, classes, text }) => {
    const w = mount(() => bareBadge(state, termination))
    expect(w.classes()).toEqual(classes)
    expect(w.text()).toBe(text)
    expect(w.attributes('data-state')).toBe(state)
  })

  it('explains its state in a tooltip on hover: the reason, its fix and its code', async () => {
    const w = mount(() => h(StateBadge, { state: 'TERMINATED', termination: quota, large: true }), { attachTo: document.body })
    const badge = w.get('[data-testid="state-badge"]')
    expect(badge.classes()).toContain('large')
    expect(w.findComponent(NTooltip).exists()).toBe(true)
    await badge.trigger('mouseenter')
    await expect.poll(() => document.body.textContent, { timeout: 2_000 }).toContain(quota.fix)
    expect(document.body.textContent).toContain(quota.summary)
    expect(document.body.textContent).toContain(quota.code)
    w.unmount()
  })

  it('has no tooltip when there is nothing to explain', async () => {
    const w = mount(() => h(StateBadge, { state: 'RUNNING' }), { attachTo: document.body })
    expect(w.findComponent(NTooltip).exists()).toBe(false)
    w.unmount()
  })
})
