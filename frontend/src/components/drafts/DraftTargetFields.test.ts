import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TargetView } from '@/api'
import { useDraftsStore } from '@/stores/drafts'
import DraftTargetFields from './DraftTargetFields.vue'

const target = {
  id: 'ws1',
  name: 'Analytics',
  policies: [{ id: 'p1', name: 'Team shared' }],
  cache: { cached: false },
} as unknown as TargetView

function mountFields(textMode: boolean, policyId = '') {
  return mount(DraftTargetFields, {
    props: { name: 'etl', workspaceId: 'ws1', policyId, textMode, fieldErrors: { name: 'The name is taken.' } },
  })
}

describe('DraftTargetFields', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    useDraftsStore().targets = [target]
  })

  it('shows the field errors, and the policy and catalog only while the spec is text', () => {
    expect(mountFields(false).find('[data-testid="draft-policy"]').exists()).toBe(false)
    const w = mountFields(true)
    expect(w.text()).toContain('The name is taken.')
    expect(w.find('[data-testid="draft-policy"]').exists()).toBe(true)
    expect(w.text()).toContain('Nothing cached for this workspace yet.')
  })

  it('refreshes the catalog and says so, so the draft is checked again', async () => {
    const store = useDraftsStore()
    const refresh = vi.spyOn(store, 'refreshCatalog').mockResolvedValue()
    const w = mountFields(true)
    await w.findAll('button').find((b) => b.text() === 'Refresh now')!.trigger('click')
    await flushPromises()
    expect(refresh).toHaveBeenCalledWith('ws1')
    expect(w.emitted('refreshed')).toHaveLength(1)
  })

  it('shows why a refresh failed', async () => {
    const store = useDraftsStore()
    vi.spyOn(store, 'refreshCatalog').mockRejectedValue({ code: 'OFFLINE', message: 'The workspace cannot be reached.', hint: 'Check the VPN.' })
    const w = mountFields(true)
    await w.findAll('button').find((b) => b.text() === 'Refresh now')!.trigger('click')
    await flushPromises()
    expect(w.text()).toContain('The workspace cannot be reached. Check the VPN.')
    expect(w.emitted('refreshed')).toBeUndefined()
  })
})
