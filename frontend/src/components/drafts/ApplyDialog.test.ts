import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, ref } from 'vue'

const api = vi.hoisted(() => ({ plan: vi.fn(), apply: vi.fn() }))
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), draftsApi: api }))

import type { DraftView } from '@/api'
import { useDraftsStore } from '@/stores/drafts'
import { useWorkspacesStore } from '@/stores/workspaces'
import ApplyDialog from './ApplyDialog.vue'

const draft = { id: 'd1', name: 'etl', workspaceId: 'prod', spec: { cluster_name: 'etl' } } as unknown as DraftView
const plan = {
  draftId: 'd1', workspaceId: 'prod', workspaceName: 'Analytics prod', blocked: false, pendingCreate: false, fingerprint: 'f',
  check: { items: [], errors: 0, warnings: 0, state: 'ok', cache: { cached: true, fetchedAt: new Date().toISOString(), ageSeconds: 0, offline: false } },
  plan: { action: 'create', clusterName: 'etl', changes: [], candidates: [] },
}

async function openOn(production: boolean) {
  const pinia = createPinia()
  setActivePinia(pinia)
  useDraftsStore().targets = [{ id: 'prod', name: 'Analytics prod', demo: false, production }] as never
  useWorkspacesStore().list = [{ id: 'prod', name: 'Analytics prod', production, color: '#8a2be2', label: 'PROD' }] as never
  api.plan.mockResolvedValue(plan)
  const show = ref(false)
  const w = mount(defineComponent({ setup: () => () => h(ApplyDialog, { show: show.value, draft }) }), {
    attachTo: document.body,
    global: { plugins: [pinia] },
  })
  show.value = true
  await flushPromises()
  return w
}

describe('applying a draft', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    document.body.innerHTML = ''
  })

  it('to a production workspace names it in its colour, and the button says where', async () => {
    const w = await openOn(true)
    const band = document.querySelector<HTMLElement>('[data-testid="prod-warning"]')
    expect(band?.textContent).toContain('Analytics prod is a production workspace.')
    expect(band?.style.getPropertyValue('--prod-color')).toBe('#8a2be2')
    expect(document.querySelector('[data-testid="apply-confirm"]')?.textContent).toContain('Create cluster in Analytics prod')
    w.unmount()
  })

  it('elsewhere says nothing of production', async () => {
    const w = await openOn(false)
    expect(document.querySelector('[data-testid="prod-warning"]')).toBeNull()
    expect(document.querySelector('[data-testid="apply-confirm"]')?.textContent?.trim()).toBe('Create cluster')
    w.unmount()
  })
})
