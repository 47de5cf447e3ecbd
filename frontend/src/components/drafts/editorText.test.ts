import { EditorView } from 'codemirror'
import { afterEach, describe, expect, it } from 'vitest'
import { unparsedEditorText } from './editorText'

function editorWith(text: string): { host: HTMLElement; view: EditorView } {
  const host = document.createElement('div')
  const wrap = document.createElement('div')
  wrap.dataset.testid = 'json-editor'
  host.appendChild(wrap)
  document.body.appendChild(host)
  return { host, view: new EditorView({ parent: wrap, doc: text }) }
}

describe('unparsedEditorText', () => {
  afterEach(() => (document.body.innerHTML = ''))

  it('returns the text while it does not parse, and nothing once it does', () => {
    const { host, view } = editorWith('{ "num_workers": ')
    expect(unparsedEditorText(host)).toBe('{ "num_workers": ')
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{ "num_workers": 2 }' } })
    expect(unparsedEditorText(host)).toBe('')
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '[1, 2]' } })
    expect(unparsedEditorText(host)).toBe('[1, 2]') // valid JSON, but not a spec
    view.destroy()
  })

  it('knows when no JSON editor is open', () => {
    expect(unparsedEditorText(null)).toBeUndefined()
    expect(unparsedEditorText(document.createElement('div'))).toBeUndefined()
  })
})
