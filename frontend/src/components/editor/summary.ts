import type { EditorCatalog } from '@/api/editor'

/** Which problems a control shows; see EditorContext.place. */
export type Placement = (problemPath: string) => boolean

/** Problems no mounted control shows (and those with no path at all). */
export function unplacedProblems<P extends { path: string }>(problems: P[], placements: Iterable<Placement>): P[] {
  const list = [...placements]
  return problems.filter((p) => !p.path || !list.some((shows) => shows(p.path)))
}

export function ageText(c: EditorCatalog): string {
  if (!c.fetchedAt) return 'not loaded yet'
  const s = c.ageSeconds
  if (s < 60) return 'fetched just now'
  if (s < 3600) return `from ${Math.round(s / 60)} min ago`
  if (s < 86400) return `from ${Math.round(s / 3600)} h ago`
  return `from ${Math.round(s / 86400)} days ago`
}
