import { mount } from '@vue/test-utils'
import { NNotificationProvider } from 'naive-ui'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'

const push = vi.fn()
const handlers = new Map<string, (arg: unknown) => void>()
vi.mock('vue-router', () => ({ useRouter: () => ({ push }) }))
vi.mock('@/api', async (orig) => {
  const real = await orig<typeof import('@/api')>()
  return {
    ...real,
    onEvent: (name: string, fn: (arg: unknown) => void) => {
      handlers.set(name, fn)
      return () => handlers.delete(name)
    },
  }
})

import { EventName } from '@/api'
import ClusterNotices from './ClusterNotices.vue'

describe('ClusterNotices', () => {
  afterEach(() => {
    push.mockClear()
    document.body.innerHTML = ''
  })

  it('shows a notice with an Open link, and opens the cluster a clicked desktop notification names', async () => {
    const Host = defineComponent(() => () => h(NNotificationProvider, null, () => h(ClusterNotices)))
    const wrapper = mount(Host, { attachTo: document.body })

    handlers.get(EventName.ClusterNotice)!({ kind: 'error', reason: 'failed', title: '<b>etl</b> failed', body: 'Driver lost.', workspace: 'prod', clusterId: 'c-1' })
    await nextTick()
    await nextTick()
    const notice = document.querySelector('.n-notification')!
    expect(notice.textContent).toContain('<b>etl</b> failed') // a name is text, never markup
    ;[...notice.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Open')!.click()
    expect(push).toHaveBeenLastCalledWith({ name: 'cluster', params: { ws: 'prod', id: 'c-1' } })

    handlers.get(EventName.NoticeClicked)!({ workspace: 'dev', clusterId: 'c-9' })
    expect(push).toHaveBeenLastCalledWith({ name: 'cluster', params: { ws: 'dev', id: 'c-9' } })

    wrapper.unmount()
    expect(handlers.size).toBe(0)
  })
})
