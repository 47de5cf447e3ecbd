import type { ClustersStatus } from '@/api'
import { countText } from '@/lib/number'
import { ageText } from '@/lib/time'

export interface PollView {
  tone: 'idle' | 'live' | 'stale'
  text: string
}

/** A full listing on its way: rows so far, and the last full count (0: none yet). */
export interface ListingProgress {
  startedAt: number
  seen: number
  about: number
}

/** How long a listing runs before it says how far it got. */
export const progressAfterMs = 2000

const ago = (iso: string, now: number) => ageText(iso, now) ?? 'never'

/**
 * What the "last updated" indicator says. The age is fetchedAt's: when the
 * listing of the rows on screen began (the same age the top bar and Fleet
 * show), never a poll whose rows the page did not receive. A list is stale
 * once a poll has failed, or once the backend's last success is older than
 * twice the interval it planned after it (nextAt − lastUpdated): a poll
 * stuck in retries reads as stale rather than as "Refreshing…" for a minute.
 */
export function pollView(
  s: ClustersStatus | null,
  fetchedAt: string,
  now: number,
  offline = false,
  progress: ListingProgress | null = null,
): PollView {
  const updated = fetchedAt ? `updated ${ago(fetchedAt, now)}` : 'not loaded yet'
  // Offline, a poll hanging on the dead connection is no "Refreshing…".
  if (offline) return { tone: 'stale', text: fetchedAt ? `Offline: last ${updated}` : 'Offline: nothing loaded yet' }
  // A long listing says how far it got rather than "Loading…" for a minute.
  // (Only while a poll runs: a pass that failed midway says it is stale.)
  if (progress && (!s || s.running) && now - progress.startedAt >= progressAfterMs) {
    const about = progress.about > progress.seen ? ` of about ${countText(progress.about)}` : ' so far'
    return { tone: 'live', text: `Listing… ${countText(progress.seen)}${about}` }
  }
  if (!s) return { tone: 'idle', text: 'Loading…' }
  if (s.paused) return { tone: 'idle', text: `Paused · ${updated}` }
  if (s.failures > 0) {
    const retry = s.nextAt ? Math.max(0, Math.round((Date.parse(s.nextAt) - now) / 1000)) : 0
    const when = fetchedAt ? `last ${updated}` : 'not loaded yet'
    return { tone: 'stale', text: `Stale: ${when}, retrying in ${retry} s` }
  }
  if (!s.lastUpdated || !fetchedAt) return { tone: 'idle', text: 'Loading…' }
  const last = Date.parse(s.lastUpdated)
  const interval = s.nextAt ? Date.parse(s.nextAt) - last : 0
  if (interval > 0 && now - last > 2 * interval) {
    return { tone: 'stale', text: `Stale: last ${updated}${s.running ? ', refreshing…' : ''}` }
  }
  if (s.running) return { tone: 'live', text: 'Refreshing…' }
  return { tone: 'live', text: `Updated ${ago(fetchedAt, now)}` }
}
