import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { createMemoryHistory, createRouter } from 'vue-router'
import type { PolicyView } from '@/api/policies'
import PolicyDetail from './PolicyDetail.vue'

const router = createRouter({
  history: createMemoryHistory(),
  routes: [
    { path: '/', name: 'policies', component: { template: '<div />' } },
    { path: '/new', name: 'compute-new', component: { template: '<div />' } },
    { path: '/p/:ws/:id/edit', name: 'policy-edit', component: { template: '<div />' } },
  ],
})

function policy(clusterTypes: string[], actions: Array<[string, boolean, string?]>): PolicyView {
  return {
    info: { id: 'p1', name: 'P', description: '', isDefault: false, maxClustersPerUser: 0, libraries: [], clusterTypes, constraints: [] },
    problem: '',
    definition: '{}',
    overrides: '',
    creator: '',
    state: 'all-purpose',
    actions: actions.map(([action, enabled, reason]) => ({ action, enabled, reason })),
  } as unknown as PolicyView
}

async function render(p: PolicyView) {
  const w = mount(PolicyDetail, {
    props: { policy: p, workspaceId: 'w', workspaceName: 'W' },
    global: { plugins: [router, createPinia()] },
  })
  await flushPromises()
  return w
}

// The detail follows the actions the backend sends; it decides none itself.
describe('PolicyDetail actions', () => {
  it('offers create compute when the backend allows it, whatever the policy says it is for', async () => {
    const w = await render(policy(['job'], [['create-compute', true], ['edit', true], ['delete', true]]))
    expect(w.find('[data-testid="create-with-policy"]').exists()).toBe(true)
    expect(w.find('[data-testid="create-why"]').exists()).toBe(false)
    expect(w.find('[data-testid="policy-edit"]').attributes('disabled')).toBeUndefined()
  })

  it('says why create compute is not offered and disables what only admins may do', async () => {
    const w = await render(
      policy(['all-purpose'], [
        ['create-compute', false, 'Not for you.'],
        ['edit', false, 'Only workspace admins can change cluster policies.'],
        ['delete', false, 'Only workspace admins can change cluster policies.'],
      ]),
    )
    expect(w.find('[data-testid="create-with-policy"]').exists()).toBe(false)
    expect(w.find('[data-testid="create-why"]').text()).toBe('Not for you.')
    expect(w.find('[data-testid="policy-edit"]').attributes('disabled')).toBeDefined()
    expect(w.find('[data-testid="policy-delete"]').attributes('disabled')).toBeDefined()
  })
})
