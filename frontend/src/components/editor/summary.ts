/** Which problems a control shows; see EditorContext.place. */
export type Placement = (problemPath: string) => boolean

/** Problems no mounted control shows (and those with no path at all). */
export function unplacedProblems<P extends { path: string }>(problems: P[], placements: Iterable<Placement>): P[] {
  const list = [...placements]
  return problems.filter((p) => !p.path || !list.some((shows) => shows(p.path)))
}
