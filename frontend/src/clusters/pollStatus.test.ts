import { describe, expect, it } from 'vitest'
import type { ClustersStatus } from '@/api'
import { pollView } from './pollStatus'

const t0 = Date.parse('2026-01-01T09:00:00Z')
const iso = (s: number) => new Date(t0 + s * 1000).toISOString()
const status = (p: Partial<ClustersStatus>): ClustersStatus => ({
  workspace: 'demo', view: 'all-purpose', lastUpdated: iso(0), nextAt: iso(30), running: false, paused: false,
  stale: false, failures: 0, ...p,
})

describe('pollView', () => {
  it.each([
    ['fresh', status({}), 10, 'live', 'Updated 10 s ago'],
    ['polling within the interval', status({ running: true }), 35, 'live', 'Refreshing…'],
    ['a poll stuck in retries past twice the interval', status({ running: true }), 61, 'stale', 'Stale: last updated 1 min ago, refreshing…'],
    ['fast rhythm goes stale sooner', status({ nextAt: iso(5), running: true }), 11, 'stale', 'Stale: last updated 11 s ago, refreshing…'],
    ['after a failure', status({ failures: 1, nextAt: iso(40) }), 30, 'stale', 'Stale: last updated 30 s ago, retrying in 10 s'],
    ['failure before any success', status({ failures: 2, lastUpdated: '', nextAt: iso(20) }), 0, 'stale', 'Stale: not loaded yet, retrying in 20 s'],
    ['paused', status({ paused: true }), 7200, 'idle', 'Paused · updated 2 h ago'],
    ['paused before any success', status({ paused: true, lastUpdated: '', nextAt: '' }), 5, 'idle', 'Paused · not loaded yet'],
    ['first load', status({ running: true, lastUpdated: '', nextAt: '' }), 3, 'idle', 'Loading…'],
  ])('%s', (_name, s, at, tone, text) => {
    expect(pollView(s, s.lastUpdated, t0 + at * 1000)).toEqual({ tone, text })
  })

  it('waits for a status', () => {
    expect(pollView(null, iso(0), t0).text).toBe('Loading…')
  })

  it('says how far a long listing got, after 2 s', () => {
    const progress = { startedAt: t0, seen: 4200, about: 10000 }
    expect(pollView(status({ running: true }), iso(0), t0 + 1999, false, progress).text).toBe('Refreshing…')
    expect(pollView(status({ running: true }), iso(0), t0 + 2000, false, progress)).toEqual({ tone: 'live', text: 'Listing… 4,200 of about 10,000' })
    expect(pollView(null, '', t0 + 5000, false, { startedAt: t0, seen: 300, about: 0 }).text).toBe('Listing… 300 so far')
    expect(pollView(status({ failures: 1, nextAt: iso(40) }), iso(0), t0 + 30_000, false, progress).text, 'a pass that failed midway')
      .toBe('Stale: last updated 30 s ago, retrying in 10 s')
  })

  it('says offline with the age, whatever the poll is doing', () => {
    expect(pollView(status({ running: true }), iso(0), t0 + 31_000, true)).toEqual({ tone: 'stale', text: 'Offline: last updated 31 s ago' })
    expect(pollView(null, '', t0, true).text).toBe('Offline: nothing loaded yet')
  })

  // Issue 35: rows kept from 20 minutes ago are not called "35 s old"
  // because the backend polled (for Fleet) while the page was elsewhere.
  it('says the age of the rows on screen, not of a poll the page never received', () => {
    const s = status({ lastUpdated: iso(1200), failures: 1, nextAt: iso(1240) })
    expect(pollView(s, iso(0), t0 + 1235 * 1000)).toEqual({ tone: 'stale', text: 'Stale: last updated 20 min ago, retrying in 5 s' })
    expect(pollView(status({ lastUpdated: iso(1200), nextAt: iso(1230) }), '', t0 + 1201 * 1000).text).toBe('Loading…')
  })
})
