import { flushPromises, mount } from '@vue/test-utils'
import { NMessageProvider, NNotificationProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'

vi.mock('vue-router', () => ({ useRouter: () => ({ push: vi.fn() }) }))
vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return {
    ...real,
    clustersApi: {
      ...real.clustersApi,
      restart: vi.fn(async () => undefined),
      terminate: vi.fn(async () => undefined),
      permanentDelete: vi.fn(async () => undefined),
    },
  }
})

import { clustersApi, type ClusterRow, type WorkspaceView } from '@/api'
import { actionDialog } from '@/composables/useClusterActions'
import { useWorkspacesStore } from '@/stores/workspaces'
import ClusterActionDialogs from './ClusterActionDialogs.vue'

const ws = (id: string, name: string, production: boolean, label = '') =>
  ({ id, name, production, label, color: production ? '#b00020' : '', host: 'https://x', cloud: 'aws', demo: false,
    active: true, authType: 'pat' }) as unknown as WorkspaceView
const row = { id: 'c-1', name: 'etl-nightly', state: 'RUNNING', kind: 'all-purpose', pinned: false, workers: '2' } as unknown as ClusterRow

let wrapper: ReturnType<typeof mount> | null = null
function render(kind: NonNullable<typeof actionDialog.kind>, workspace: string) {
  const Host = defineComponent(() => () =>
    h(NMessageProvider, null, () => h(NNotificationProvider, null, () => h(ClusterActionDialogs))))
  wrapper = mount(Host, { attachTo: document.body })
  Object.assign(actionDialog, { kind, workspace, row })
  return nextTick()
}
const dialog = () => document.querySelector('[data-testid="action-dialog"]')
const text = () => dialog()?.textContent ?? ''

describe('ClusterActionDialogs names the workspace', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    useWorkspacesStore().list = [ws('prod', 'Prod', true, 'LIVE'), ws('dev', 'Dev', false)]
    vi.mocked(clustersApi.terminate).mockClear()
    vi.mocked(clustersApi.restart).mockClear()
  })
  afterEach(() => {
    actionDialog.kind = null
    wrapper?.unmount()
    document.body.innerHTML = ''
  })

  it('asks "Terminate «name» in workspace «Prod»?" with a production warning, then terminates there', async () => {
    await render('terminate', 'prod')
    expect(text()).toContain('Terminate «etl-nightly» in workspace «Prod»?')
    const warning = dialog()!.querySelector('[data-testid="prod-warning"]')
    expect(warning?.textContent).toContain('Prod is a production workspace.')
    const marker = warning!.querySelector('[data-testid="production-marker"]') as HTMLElement
    expect(marker.textContent).toBe('LIVE')
    expect(marker.style.background).not.toBe('') // coloured with the workspace's colour
    const yes = dialog()!.querySelector('[data-testid="confirm-action"]') as HTMLButtonElement
    expect(yes.textContent).toContain('Yes, terminate it')
    yes.click()
    await flushPromises()
    expect(clustersApi.terminate).toHaveBeenCalledWith('prod', 'c-1')
    expect(actionDialog.kind).toBeNull()
  })

  it('names a workspace that is not production without the warning', async () => {
    await render('restart', 'dev')
    expect(text()).toContain('Restart «etl-nightly» in workspace «Dev»?')
    expect(dialog()!.querySelector('[data-testid="prod-warning"]')).toBeNull()
    ;(dialog()!.querySelector('[data-testid="confirm-action"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(clustersApi.restart).toHaveBeenCalledWith('dev', 'c-1')
    expect(clustersApi.terminate).not.toHaveBeenCalled()
  })

  it('names the workspace when deleting permanently, loudly for production', async () => {
    await render('delete', 'prod')
    expect(text()).toContain('Delete «etl-nightly» permanently from workspace «Prod»?')
    expect(dialog()!.querySelector('[data-testid="prod-warning"]')).not.toBeNull()
  })

  it('deletes a name holding a right-to-left override once its shown form is typed, sending the real name', async () => {
    const name = 'invoice\u202Egpj.exe'
    await render('delete', 'dev')
    Object.assign(actionDialog, { row: { ...row, name } })
    await nextTick()
    const input = dialog()!.querySelector('[data-testid="confirm-name"] input') as HTMLInputElement
    const yes = dialog()!.querySelector('[data-testid="confirm-delete"]') as HTMLButtonElement
    expect(yes.disabled).toBe(true)
    input.value = 'invoice⟨U+202E⟩gpj.exe'
    input.dispatchEvent(new Event('input'))
    await nextTick()
    yes.click()
    await flushPromises()
    expect(clustersApi.permanentDelete).toHaveBeenCalledWith('dev', 'c-1', name)
    expect(actionDialog.kind).toBeNull()
  })
})
