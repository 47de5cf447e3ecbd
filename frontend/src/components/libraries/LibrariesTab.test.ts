import { flushPromises, mount } from '@vue/test-utils'
import { createPinia } from 'pinia'
import { afterEach, describe, expect, it, vi } from 'vitest'

const api = vi.hoisted(() => ({ get: vi.fn(), install: vi.fn(), uninstall: vi.fn(), elsewhere: vi.fn() }))
vi.mock('@/api', async (orig) => ({ ...(await orig<typeof import('@/api')>()), librariesApi: api }))
vi.mock('@/composables/useClusterActions', () => ({ useClusterActions: () => ({ run: vi.fn() }) }))

import LibrariesTab from './LibrariesTab.vue'
import { POLL_MS } from './tab'

const lib = (status: string) => ({ key: 'pypi:pandas', label: 'pandas==2.2.2', kind: 'pypi', status, messages: [], removable: true })
const view = (status: string | null, changing: boolean) => ({
  libraries: status ? [lib(status)] : [], actions: ['install', 'uninstall'], installNote: 'Installs now.', changing,
})

describe('the Libraries tab', () => {
  afterEach(() => vi.useRealTimers())

  it('drops "Installing now" once the install has finished, and keeps a note that is not about a change under way', async () => {
    vi.useFakeTimers()
    api.get.mockResolvedValueOnce(view(null, false))
    api.install.mockResolvedValueOnce({ view: view('INSTALLING', true), note: 'Installing now: the status follows below.', problems: [], done: true })
    api.get.mockResolvedValue(view('INSTALLED', false))
    const w = mount(LibrariesTab, { props: { workspace: 'demo', clusterId: 'c-1' }, global: { plugins: [createPinia()] } })
    await flushPromises()
    await w.find('[data-testid="library-package"] input').setValue('pandas==2.2.2')
    await w.find('[data-testid="library-install-submit"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="libraries-note"]').text()).toContain('Installing now')
    await vi.advanceTimersByTimeAsync(POLL_MS)
    await flushPromises()
    expect(w.find('[data-testid="library-status"]').text()).not.toBe('')
    expect(w.find('[data-testid="libraries-note"]').exists()).toBe(false)

    // A queued install (terminated cluster) keeps its note: nothing is under way.
    api.install.mockResolvedValueOnce({ view: view('INSTALLED', false), note: 'The install is queued and runs at the next start.', problems: [], done: true })
    await w.find('[data-testid="library-package"] input').setValue('numpy')
    await w.find('[data-testid="library-install-submit"]').trigger('click')
    await flushPromises()
    await vi.advanceTimersByTimeAsync(POLL_MS * 2)
    expect(w.find('[data-testid="libraries-note"]').text()).toContain('queued')
    w.unmount()
  })
})
