// Plain-language formatting for the drafts screens.

/** "just now", "5 minutes", "3 hours", "2 days". */
export function ageText(seconds: number): string {
  if (seconds < 60) return 'under a minute'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`
  const days = Math.floor(hours / 24)
  return `${days} days`
}

/** An RFC 3339 time relative to now: "5 minutes ago", or the date when older than a week. */
export function sinceText(iso: string, now: Date = new Date()): string {
  if (!iso) return ''
  const t = new Date(iso)
  if (Number.isNaN(t.getTime())) return ''
  const seconds = Math.max(0, Math.round((now.getTime() - t.getTime()) / 1000))
  if (seconds < 60) return 'just now'
  if (seconds > 7 * 86400) return t.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
  return `${ageText(seconds)} ago`
}

/** A diff value as it reads in a cell: unset values say so. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '(not set)'
  if (typeof v === 'string') return v === '' ? '""' : v
  return JSON.stringify(v)
}

/** How old the cached catalog is, as the check column says it. */
export function cacheText(cache: { cached: boolean; ageSeconds: number }): string {
  return cache.cached ? `catalog ${ageText(cache.ageSeconds)} old` : 'nothing cached'
}

/** An RFC 3339 time as a local date and time ("23 Nov 2026, 14:05"); '' when unknown. */
export function dateText(iso: string): string {
  if (!iso) return ''
  const t = new Date(iso)
  if (Number.isNaN(t.getTime())) return ''
  return t.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** Where the draft editor's autosave stands. 'invalid': saved, as text that is not valid JSON. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'invalid' | 'error' | 'conflict'

/** The save state as the editor's header says it; updatedAt is the draft's last save. */
export function saveStateText(state: SaveState, updatedAt: string, now: Date = new Date()): string {
  switch (state) {
    case 'saved':
      return updatedAt ? `Saved · edited ${sinceText(updatedAt, now)}` : 'Saved'
    case 'pending':
    case 'saving':
      return 'Saving…'
    case 'invalid':
      return 'Saved as text: the JSON has an error'
    case 'conflict':
      return 'Not saved: changed elsewhere'
    default:
      return 'Not saved'
  }
}
