import type { WorkspaceView } from '@/api'

/**
 * Workspaces matching a typed query: every word must appear in the name,
 * host or label (case-insensitive). Name matches at the start rank first.
 */
export function filterWorkspaces(list: WorkspaceView[], query: string): WorkspaceView[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return list
  const hits = list.filter((w) => {
    const hay = `${w.name} ${w.host} ${w.label}`.toLowerCase()
    return words.every((word) => hay.includes(word))
  })
  const first = words[0] ?? ''
  return hits
    .map((w, i) => ({ w, i, rank: w.name.toLowerCase().startsWith(first) ? 0 : 1 }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.w)
}

/** Ctrl/Cmd+1..9 → 1..9, else null. */
export function shortcutIndex(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): number | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null
  return /^[1-9]$/.test(e.key) ? Number(e.key) : null
}

/** Ctrl/Cmd+K opens the quick switcher. */
export function isQuickSwitch(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k'
}
