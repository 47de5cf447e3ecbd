import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { defineComponent, nextTick, reactive } from 'vue'
import type { LivePage } from './useLivePage'
import { useWorkspacesStore } from '@/stores/workspaces'
import { useLivePage } from './useLivePage'

type View = { live: boolean; changing: boolean; nextPollSec: number; cache: { workspaceId: string; fetchedAt: string; error?: string } }

describe('useLivePage', () => {
  beforeEach(() => {
    setActivePinia(createPinia())
    vi.useFakeTimers({ now: Date.parse('2026-01-01T09:02:00Z') })
  })
  afterEach(() => vi.useRealTimers())

  it('watches the active workspace, stops with the page, and says live or cached, how old and how often', async () => {
    const workspaces = useWorkspacesStore()
    const store = reactive({ list: null as View | null, loading: true, watch: vi.fn(async () => {}), stop: vi.fn() })
    let page!: LivePage
    const Page = defineComponent({
      setup() {
        page = useLivePage(store, (l) => (l.changing ? 'one is changing' : null))
        return () => null
      },
    })
    const wrapper = mount(Page)
    expect(page.statusText.value).toBe('Listing…')
    workspaces.$patch({ list: [{ id: 'demo', name: 'Demo', active: true }] as never })
    await nextTick()
    expect(page.ws.value).toBe('demo')
    expect(store.watch).toHaveBeenLastCalledWith('demo')

    const fetchedAt = '2026-01-01T09:00:00Z'
    store.list = { live: true, changing: false, nextPollSec: 30, cache: { workspaceId: 'demo', fetchedAt } }
    expect(page.statusText.value).toMatch(/^Live · fetched .* · every 30 s$/)
    store.list = { ...store.list, changing: true }
    expect(page.statusText.value).toMatch(/one is changing, every 5 s$/)
    store.list = { live: false, changing: false, nextPollSec: 30, cache: { workspaceId: 'demo', fetchedAt, error: 'unreachable' } }
    expect(page.statusText.value).toMatch(/^Workspace unreachable · cached copy fetched .* \(unreachable\)$/)
    expect(page.live.value).toBe(false)

    wrapper.unmount()
    expect(store.stop).toHaveBeenCalled()
  })
})
