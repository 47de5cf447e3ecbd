import { onBeforeUnmount, onMounted } from 'vue'
import { isQuickSwitch, shortcutIndex } from '@/components/workspaces/filter'

/** What the app's keyboard shortcuts do (the palette's component supplies them). */
export interface ShortcutActions {
  paletteOpen: () => boolean
  /** Ctrl/Cmd+K. */
  openPalette: () => void
  /** Ctrl/Cmd+1..9: the N-th workspace. */
  switchTo: (n: number) => void
  /** `?`. */
  listShortcuts: () => void
}

// Typing in a field keeps its keys: `/` and `?` are shortcuts only elsewhere.
const typing = (e: KeyboardEvent) => {
  const t = e.target as HTMLElement | null
  return !!t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))
}

// A kit dialog or drawer traps the focus (and takes Esc) while it is open:
// the palette waits until it closes rather than type into it.
const kitDialogOpen = () => !!document.querySelector('.n-modal-mask, .n-drawer-mask')

/**
 * The window's shortcuts, while the calling component is mounted: Ctrl/Cmd+K
 * the palette, Ctrl/Cmd+1..9 a workspace, `/` the page's search (the input
 * marked data-page-search), `?` the list of shortcuts.
 */
export function useShortcuts(act: ShortcutActions): void {
  function onKey(e: KeyboardEvent): void {
    if (isQuickSwitch(e)) {
      e.preventDefault()
      if (!kitDialogOpen()) act.openPalette()
      return
    }
    const n = shortcutIndex(e)
    if (n !== null) {
      e.preventDefault()
      act.switchTo(n)
      return
    }
    if (typing(e) || e.ctrlKey || e.metaKey || e.altKey || act.paletteOpen()) return
    if (e.key === '/') {
      const search = document.querySelector<HTMLInputElement>('[data-page-search] input, input[data-page-search]')
      if (search) {
        e.preventDefault()
        search.focus()
        search.select()
      }
    } else if (e.key === '?') {
      e.preventDefault()
      act.listShortcuts()
    }
  }
  onMounted(() => window.addEventListener('keydown', onKey))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey))
}
