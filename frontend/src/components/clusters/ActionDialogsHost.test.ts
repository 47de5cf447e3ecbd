import { flushPromises, mount } from '@vue/test-utils'
import { NMessageProvider, NNotificationProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'

vi.mock('vue-router', () => ({ useRouter: () => ({ push: vi.fn() }) }))

import type { ClusterRow } from '@/api'
import { actionDialog } from '@/composables/useClusterActions'
import ActionDialogsHost from './ActionDialogsHost.vue'

const autoscaled = { id: 'c-1', name: 'etl-nightly', state: 'RUNNING', kind: 'all-purpose', pinned: false, workers: '2–8 (6 now)' } as unknown as ClusterRow

describe('ActionDialogsHost', () => {
  beforeEach(() => setActivePinia(createPinia()))
  afterEach(() => {
    actionDialog.kind = null
    document.body.innerHTML = ''
  })

  it('loads the dialogs when the first one opens, and that first resize starts from the cluster size', async () => {
    const Host = defineComponent(() => () => h(NMessageProvider, null, () => h(NNotificationProvider, null, () => h(ActionDialogsHost))))
    const w = mount(Host, { attachTo: document.body })
    await flushPromises()
    expect(document.querySelector('[data-testid="action-dialog"]')).toBeNull()

    Object.assign(actionDialog, { kind: 'resize', workspace: 'dev', row: autoscaled })
    // The dialogs' chunk is imported now: on a loaded machine that takes over waitFor's 1 s default.
    await vi.waitFor(() => expect(document.querySelector('[data-testid="resize-min"] input')).not.toBeNull(), { timeout: 10_000 })
    expect((document.querySelector('[data-testid="resize-min"] input') as HTMLInputElement).value).toBe('2')
    expect((document.querySelector('[data-testid="resize-max"] input') as HTMLInputElement).value).toBe('8')
    w.unmount()
  })
})
