// Plain-language formatting for the drafts screens.
import { agoText, sinceText } from '@/lib/time'

/** A diff value as it reads in a cell: unset values say so. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '(not set)'
  if (typeof v === 'string') return v === '' ? '""' : v
  return JSON.stringify(v)
}

/** How old the cached catalog is, as the check column says it; now (ms) from useNow. */
export function cacheText(cache: { cached: boolean; ageSeconds: number; fetchedAt?: string }, now: number): string {
  if (!cache.cached) return 'nothing cached'
  return `catalog from ${sinceText(cache.fetchedAt ?? '', now) || agoText(cache.ageSeconds)}`
}

/** Where the draft editor's autosave stands. 'invalid': saved, as text that is not valid JSON. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'invalid' | 'error' | 'conflict'

/** The save state as the editor's header says it; updatedAt is the draft's last save. */
export function saveStateText(state: SaveState, updatedAt: string, now: number): string {
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
