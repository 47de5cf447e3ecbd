// The cluster editor keeps JSON that does not parse to itself (its spec
// stays the last valid one). The draft editor reads it from the JSON tab's
// CodeMirror view so it can be saved as typed.
import { EditorView } from 'codemirror'
import { parseSpecText } from './specText'

/**
 * The JSON tab's text under host when it does not parse, '' when it does,
 * undefined when no JSON editor is open there.
 */
export function unparsedEditorText(host: HTMLElement | null | undefined): string | undefined {
  const el = host?.querySelector<HTMLElement>('[data-testid="json-editor"] .cm-editor')
  const text = el ? EditorView.findFromDOM(el)?.state.doc.toString() : undefined
  if (text === undefined) return undefined
  return parseSpecText(text).ok ? '' : text
}
