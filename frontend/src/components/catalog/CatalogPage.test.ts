import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it, vi } from 'vitest'
import { computed, ref } from 'vue'
import type { ApiError, WorkspaceView } from '@/api'
import type { ListingCache } from '@/api/catalog'
import { useWorkspacesStore } from '@/stores/workspaces'
import CatalogPage from './CatalogPage.vue'
import type { CatalogListing } from './useCatalogListing'

function listing(cache: ListingCache | null, opts: { error?: ApiError; refreshing?: boolean } = {}): CatalogListing {
  return {
    workspaceId: computed(() => 'ws1'),
    cache: computed(() => cache),
    error: ref(opts.error ?? null),
    refreshError: ref(null),
    refreshing: ref(opts.refreshing ?? false),
    refresh: vi.fn(async () => undefined),
  }
}
const cached = (c: Partial<ListingCache>) => ({ cached: true, offline: false, fetchedAt: '', ageSeconds: 5, error: '', ...c }) as ListingCache

function render(l: CatalogListing, count: number) {
  setActivePinia(createPinia())
  const ws = useWorkspacesStore()
  ws.$patch({ loaded: true, list: [{ id: 'ws1', name: '<b>Prod</b>', active: true } as WorkspaceView] })
  return mount(CatalogPage, {
    props: { title: 'Pools', kind: 'Instance pools', icon: {}, listing: l, count, emptyTitle: 'No pools', emptyDescription: 'None.' },
    slots: { default: '<p data-testid="content">list</p>' },
    global: { stubs: { CacheLine: true, NSpin: true }, mocks: { $router: { push: vi.fn() } } },
  })
}

describe('CatalogPage', () => {
  it.each([
    ['nothing read yet', listing(null), 3, "Fetching the workspace's pools…"],
    ['first fetch running', listing(cached({ cached: false }), { refreshing: true }), 0, "Fetching the workspace's pools…"],
    ['never fetched, offline', listing(cached({ cached: false, offline: true })), 0, 'Pools appear here once it is back online.'],
    ['never fetched', listing(cached({ cached: false })), 0, 'Fetch the list from the workspace to see its pools.'],
    ['fetched, empty', listing(cached({})), 0, 'No pools'],
    ['read failed', listing(null, { error: { code: 'X', message: 'Broken', hint: 'Try again.' } as ApiError }), 0, 'Try again.'],
  ])('%s: says so instead of the list', (_, l, count, text) => {
    const page = render(l, count)
    expect(page.text()).toContain(text)
    expect(page.find('[data-testid="content"]').exists()).toBe(false)
  })

  it('shows the list once it has items, with the workspace name as text', () => {
    const page = render(listing(cached({})), 2)
    expect(page.find('[data-testid="content"]').exists()).toBe(true)
    expect(page.text()).toContain('Instance pools in <b>Prod</b>.')
    expect(page.find('b').exists()).toBe(false)
  })
})
