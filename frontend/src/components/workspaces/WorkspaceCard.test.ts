import { mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { ConnectionState, type ConnectionView, type WorkspaceView } from '@/api'
import { useWorkspacesStore } from '@/stores/workspaces'
import WorkspaceCard from './WorkspaceCard.vue'

const base = { id: 'ws1', name: 'SSO', host: 'https://dbc-1.cloud.databricks.com', cloud: 'aws', label: '', color: '',
  demo: false, production: false, active: false }

function render(authType: string, state?: ConnectionState, more: Partial<WorkspaceView> = {}) {
  setActivePinia(createPinia())
  if (state) {
    const conn = { workspaceId: 'ws1', state, user: '', checkedAt: '' } as ConnectionView
    useWorkspacesStore().connections = { ws1: conn }
  }
  const workspace = { ...base, authType, ...more } as WorkspaceView
  const Host = defineComponent(() => () => h(NMessageProvider, null, () => h(WorkspaceCard, { workspace, index: 0 })))
  return mount(Host)
}

describe('WorkspaceCard sign-out', () => {
  it.each([
    ['oauth-u2m', ConnectionState.Online, true],
    ['oauth-u2m', undefined, true],
    ['oauth-u2m', ConnectionState.Unauthorized, false], // signed out already: "Sign in" is the action
    ['pat', ConnectionState.Online, false],
    ['databricks-cli', ConnectionState.Online, false],
  ] as const)('%s in state %s offers Sign out: %s', (auth, state, shown) => {
    const card = render(auth, state)
    expect(card.find('[data-testid="sign-out"]').exists()).toBe(shown)
    expect(card.find('[data-testid="sign-in"]').exists()).toBe(auth === 'oauth-u2m')
  })
})

// Issue 36: a workspace labelled PROD on a server of this computer read
// "Personal access token · DEMO".
describe('WorkspaceCard says where the workspace runs', () => {
  it.each([
    ['aws', 'Personal access token · AWS'],
    ['azure', 'Personal access token · Azure'],
    ['demo', 'Personal access token · on this computer'],
    ['', 'Personal access token'],
  ])('%s', (cloud, meta) => {
    const card = render('pat', undefined, { cloud, label: 'PROD', production: true })
    expect(card.find('.meta').text()).toBe(meta)
  })
})
