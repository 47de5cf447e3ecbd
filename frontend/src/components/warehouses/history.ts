// The Query history tab's pure parts: the statuses it filters by, how a row's
// status, duration and statement read, and the stack of page tokens that lets
// the tab go back to newer pages (the API only hands out the next token).

/** The statuses a query can have, in the order the filter lists them. */
export const HISTORY_STATUSES = ['QUEUED', 'RUNNING', 'FINISHED', 'FAILED', 'CANCELED'] as const

export const statusTags: Record<string, { label: string; type: 'success' | 'default' | 'error' | 'warning' | 'info' }> = {
  QUEUED: { label: 'Queued', type: 'warning' },
  RUNNING: { label: 'Running', type: 'info' },
  FINISHED: { label: 'Finished', type: 'success' },
  FAILED: { label: 'Failed', type: 'error' },
  CANCELED: { label: 'Canceled', type: 'default' },
}

/** A status's badge: its words and colour (an unknown one as it came). */
export function statusTag(status: string): { label: string; type: string } {
  return statusTags[status] ?? { label: status, type: 'default' }
}

/** A query's duration in ms as "0.4 s", "42 s", "3 min 5 s", "2 h 10 min"; '' when none. */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return ''
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toString()} s`
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

/** A statement's first non-empty line, whitespace collapsed, clipped to `max` characters with "…". */
export function statementLine(text: string, max = 100): string {
  const line = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? ''
  const one = line.replace(/\s+/g, ' ').trim()
  const chars = Array.from(one)
  const more = chars.length > max || text.trim().includes('\n')
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : more ? `${one} …` : one
}

/** The users a filter text names: split on commas, spaces or semicolons, blanks dropped, each once. */
export function usersOf(input: string): string[] {
  return [...new Set(input.split(/[\s,;]+/).map((u) => u.trim()).filter((u) => u !== ''))]
}

/**
 * Where the tab is in the history: the tokens of the pages read before the
 * one shown ('' is the newest page). Going older pushes the shown page's
 * next token; going newer pops it.
 */
export interface PageStack {
  tokens: string[]
}

export function firstPage(): PageStack {
  return { tokens: [''] }
}
/** The token that reads the page shown ('' the newest). */
export function currentToken(s: PageStack): string {
  return s.tokens[s.tokens.length - 1] ?? ''
}
/** The page after the shown one, read with its nextPageToken (none: stays). */
export function older(s: PageStack, nextPageToken: string): PageStack {
  return nextPageToken ? { tokens: [...s.tokens, nextPageToken] } : s
}
/** The page before the shown one (the newest stays). */
export function newer(s: PageStack): PageStack {
  return s.tokens.length > 1 ? { tokens: s.tokens.slice(0, -1) } : s
}
/** 1 for the newest page. */
export function pageNumber(s: PageStack): number {
  return s.tokens.length
}
