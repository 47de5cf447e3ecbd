import type { Extension } from '@codemirror/state'
import { oneDark } from '@codemirror/theme-one-dark'
import { EditorView } from '@codemirror/view'

// One Dark on the app's dark surface, so the editor sits in the page
// instead of a lighter box; its gutter and colours are made for black.
const darkSurface = EditorView.theme(
  {
    '&': { backgroundColor: '#171a1f' },
    '.cm-gutters': { backgroundColor: '#15181d', borderRight: '1px solid #262a31' },
  },
  { dark: true },
)

/** The JSON editor's theme for the app's light or dark mode (light: CodeMirror's own). */
export function editorTheme(dark: boolean): Extension {
  return dark ? [darkSurface, oneDark] : [] // earlier wins: our surface over One Dark's
}
