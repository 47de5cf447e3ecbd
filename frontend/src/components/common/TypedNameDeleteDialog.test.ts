import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { ApiError } from '@/api'
import TypedNameDeleteDialog from './TypedNameDeleteDialog.vue'

function mountDialog(name: string, props: Record<string, unknown> = {}) {
  const show = ref(true)
  const Host = defineComponent({
    setup: () => () =>
      h(TypedNameDeleteDialog, { show: show.value, title: 'Delete pool?', name, inputTestid: 'typed', submitTestid: 'go', ...props }, () =>
        h('p', 'The pool goes for good.'),
      ),
  })
  const w = mount(Host, { attachTo: document.body })
  return { w, show, dialog: () => w.findComponent(TypedNameDeleteDialog) }
}
const input = () => document.querySelector<HTMLInputElement>('[data-testid="typed"] input')!
const submit = () => document.querySelector<HTMLButtonElement>('[data-testid="go"]')!
async function type(text: string): Promise<void> {
  input().value = text
  input().dispatchEvent(new Event('input'))
  await nextTick()
}

describe('TypedNameDeleteDialog', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('enables Delete only once the exact name is typed', async () => {
    const { w, dialog } = mountDialog('etl-pool')
    await nextTick()
    expect(document.body.textContent).toContain('The pool goes for good.')
    expect(submit().disabled).toBe(true)
    await type('ETL-POOL')
    expect(submit().disabled).toBe(true)
    await type('etl-pool')
    expect(submit().disabled).toBe(false)
    submit().click()
    expect(dialog().emitted('confirm')).toEqual([['etl-pool']])
    w.unmount()
  })

  it('draws an untrusted name as it really is, isolated, and takes its shown form for the real name', async () => {
    const name = 'invoice\u202Egpj.exe'
    const { w, dialog } = mountDialog(name)
    await nextTick()
    const bdi = document.querySelector('.name bdi')
    expect(bdi?.textContent).toBe('invoice⟨U+202E⟩gpj.exe')
    expect(input().placeholder).toBe('invoice⟨U+202E⟩gpj.exe')
    await type('invoice⟨U+202E⟩gpj.exe')
    submit().click()
    expect(dialog().emitted('confirm')).toEqual([[name]])
    w.unmount()
  })

  it('waits until ready, and forgets what was typed when opened again', async () => {
    const { w, show, dialog } = mountDialog('etl-pool', { ready: false })
    await nextTick()
    await type('etl-pool')
    expect(submit().disabled).toBe(true)
    submit().click()
    show.value = false
    await nextTick()
    show.value = true
    await nextTick()
    expect(input().value).toBe('')
    expect(dialog().emitted('confirm')).toBeUndefined()
    w.unmount()
  })

  it('shows the error of the last try and cannot be cancelled while busy', async () => {
    const error = new ApiError({ code: 'NAME_MISMATCH', message: 'The typed name does not match.', hint: '' })
    const { w, dialog } = mountDialog('etl-pool', { busy: true, error })
    await nextTick()
    expect(document.querySelector('[data-testid="action-error"]')?.textContent).toContain('The typed name does not match.')
    const cancel = [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === 'Cancel')!
    expect(cancel.disabled).toBe(true)
    await type('etl-pool')
    input().dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter' }))
    expect(dialog().emitted('confirm')).toBeUndefined()
    w.unmount()
  })
})
