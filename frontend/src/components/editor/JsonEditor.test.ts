import { EditorView } from '@codemirror/view'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import { useAppStore } from '@/stores/app'
import JsonEditor from './JsonEditor.vue'

// The JSON editor follows the app's theme, live: a light gutter and light
// colours on the dark page were unreadable.
describe('JsonEditor theme', () => {
  function editorIn(w: ReturnType<typeof mount>): EditorView {
    const el = w.find('.cm-editor').element as HTMLElement
    const view = EditorView.findFromDOM(el)
    expect(view).not.toBeNull()
    return view!
  }

  it('gets the dark theme when the app is dark and drops it when the app turns light', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const app = useAppStore()
    app.setTheme('dark')
    const w = mount(JsonEditor, { props: { modelValue: '{"a": 1}' }, global: { plugins: [pinia] }, attachTo: document.body })
    await flushPromises()
    const view = editorIn(w)
    expect(view.state.facet(EditorView.darkTheme)).toBe(true)

    app.setTheme('light')
    await flushPromises()
    expect(view.state.facet(EditorView.darkTheme)).toBe(false)

    app.setTheme('dark')
    await flushPromises()
    expect(view.state.facet(EditorView.darkTheme)).toBe(true)
    w.unmount()
  })
})
