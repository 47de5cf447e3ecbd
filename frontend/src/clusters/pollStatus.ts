import type { ClustersStatus } from '@/api'
import { ageText } from '@/lib/time'

export interface PollView {
  tone: 'idle' | 'live' | 'stale'
  text: string
}

const ago = (iso: string, now: number) => ageText(iso, now) ?? 'never'

/**
 * What the "last updated" indicator says. A list is stale once a poll has
 * failed, or once its last success is older than twice the interval the
 * backend planned after it (nextAt − lastUpdated): a poll stuck in retries
 * reads as stale rather than as "Refreshing…" for a minute.
 */
export function pollView(s: ClustersStatus | null, now: number): PollView {
  if (!s) return { tone: 'idle', text: 'Loading…' }
  const updated = s.lastUpdated ? `updated ${ago(s.lastUpdated, now)}` : 'not loaded yet'
  if (s.paused) return { tone: 'idle', text: `Paused · ${updated}` }
  if (s.failures > 0) {
    const retry = s.nextAt ? Math.max(0, Math.round((Date.parse(s.nextAt) - now) / 1000)) : 0
    const when = s.lastUpdated ? `last ${updated}` : 'not loaded yet'
    return { tone: 'stale', text: `Stale: ${when}, retrying in ${retry} s` }
  }
  if (!s.lastUpdated) return { tone: 'idle', text: 'Loading…' }
  const last = Date.parse(s.lastUpdated)
  const interval = s.nextAt ? Date.parse(s.nextAt) - last : 0
  if (interval > 0 && now - last > 2 * interval) {
    return { tone: 'stale', text: `Stale: last ${updated}${s.running ? ', refreshing…' : ''}` }
  }
  if (s.running) return { tone: 'live', text: 'Refreshing…' }
  return { tone: 'live', text: `Updated ${ago(s.lastUpdated, now)}` }
}
