import { describe, expect, it, vi } from 'vitest'
import { computed, defineComponent, effectScope, nextTick, reactive } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'
import { followRouteWorkspace } from './useRouteWorkspace'

const page = defineComponent({ render: () => null })

function setup(active = 'demo') {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/compute', name: 'compute', component: page },
      { path: '/fleet', name: 'fleet', component: page },
      { path: '/compute/:ws/:id', name: 'cluster', component: page, meta: { nav: 'compute' } },
      { path: '/policies', name: 'policies', component: page },
      { path: '/policies/:ws/:id/edit', name: 'policy-edit', component: page, meta: { nav: 'policies' } },
    ],
  })
  const state = reactive({
    list: [{ id: 'demo' }, { id: 'prod' }] as Array<{ id: string }>,
    activeId: active,
    loaded: true,
  })
  const select = vi.fn(async (id: string) => {
    state.activeId = id
  })
  const store = reactive({
    list: computed(() => state.list),
    loaded: computed(() => state.loaded),
    active: computed(() => ({ id: state.activeId })),
    select,
  })
  effectScope().run(() => followRouteWorkspace(router, store as never))
  return { router, state, select }
}

describe('the page and the top bar agree on the workspace', () => {
  it('makes the workspace of a linked object the active one (Fleet or the spend drawer → another workspace’s cluster)', async () => {
    const { router, state, select } = setup('prod')
    await router.push('/fleet')
    await router.push({ name: 'cluster', params: { ws: 'demo', id: 'c-1' } })
    expect(select).toHaveBeenCalledWith('demo')
    expect(state.activeId).toBe('demo')
    expect(router.currentRoute.value.name).toBe('cluster')
  })

  it('leaves the active workspace alone when the page is about it, or about no workspace', async () => {
    const { router, select } = setup('demo')
    await router.push({ name: 'cluster', params: { ws: 'demo', id: 'c-1' } })
    await router.push('/fleet')
    expect(select).not.toHaveBeenCalled()
  })

  it('waits for the list before following a deep link, and ignores a workspace that is gone', async () => {
    const { router, state, select } = setup('demo')
    state.loaded = false
    await router.push({ name: 'cluster', params: { ws: 'prod', id: 'c-1' } })
    expect(select).not.toHaveBeenCalled()
    state.loaded = true
    await nextTick()
    expect(select).toHaveBeenCalledWith('prod')
    await router.push({ name: 'cluster', params: { ws: 'removed', id: 'c-2' } })
    expect(select).toHaveBeenCalledTimes(1)
  })

  it('goes back to the list when the user switches workspace on another workspace’s object', async () => {
    const { router, state } = setup('demo')
    await router.push({ name: 'policy-edit', params: { ws: 'demo', id: 'p-1' } })
    state.activeId = 'prod'
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('policies'))
  })
})
