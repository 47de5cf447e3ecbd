import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { useWorkspacesStore } from '@/stores/workspaces'
import KeychainBanner from './KeychainBanner.vue'

describe('KeychainBanner', () => {
  it('stays hidden while the keychain works', () => {
    setActivePinia(createPinia())
    useWorkspacesStore().keychain = { available: true, message: '', hint: '' }
    expect(mount(KeychainBanner).find('[data-testid="keychain-banner"]').exists()).toBe(false)
  })

  it('says plainly what is wrong and what to do', () => {
    setActivePinia(createPinia())
    useWorkspacesStore().keychain = {
      available: false,
      message: 'The OS keychain cannot be used right now.',
      hint: 'Your keychain is locked. Unlock it and retry. Workspaces using the Databricks CLI or Azure CLI sign-in keep working without the keychain.',
    }
    const text = mount(KeychainBanner).find('[data-testid="keychain-banner"]').text()
    expect(text).toContain('The OS keychain cannot be used right now.')
    expect(text.match(/cannot be used right now/g)).toHaveLength(1) // said once, as the title
    expect(text).toContain('Unlock it')
    expect(text).toContain('Databricks CLI or Azure CLI')
    expect(text).toContain('Check again')
  })
})
