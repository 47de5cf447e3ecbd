import { EditorView } from '@codemirror/view'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { forEachDiagnostic } from '@codemirror/lint'
import { describe, expect, it, vi } from 'vitest'
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

describe('JsonEditor diagnostics', () => {
  it('marks the problems it is given at their line and column, and follows new ones', async () => {
    const pinia = createPinia()
    setActivePinia(pinia)
    const text = '{\n  "num_worker": {"type": "fixed", "value": 1}\n}'
    const w = mount(JsonEditor, {
      props: { modelValue: text, diagnostics: [{ line: 2, column: 3, severity: 'error', message: 'num_worker is not an attribute' }] },
      global: { plugins: [pinia] },
      attachTo: document.body,
    })
    await flushPromises()
    const view = EditorView.findFromDOM(w.find('.cm-editor').element as HTMLElement)!
    const marks = () => {
      const out: { from: number; to: number; message: string }[] = []
      forEachDiagnostic(view.state, (d, from, to) => out.push({ from, to, message: d.message }))
      return out
    }
    await vi.waitFor(() => expect(marks()).toHaveLength(1))
    const start = text.indexOf('"num_worker"')
    expect(marks()[0]).toEqual({ from: start, to: start + '"num_worker"'.length, message: 'num_worker is not an attribute' })

    await w.setProps({ diagnostics: [] })
    await vi.waitFor(() => expect(marks()).toHaveLength(0))
    w.unmount()
  })
})
