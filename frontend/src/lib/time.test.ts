import { describe, expect, it } from 'vitest'
import { ageText, agoText, dateText, fetchedAgeText, secondsSince, sinceText, timestampText } from './time'

const t0 = Date.parse('2026-01-01T09:00:00Z')

describe('agoText', () => {
  it.each([
    [0, 'just now'],
    [4.9, 'just now'],
    [5, '5 s ago'],
    [41, '41 s ago'],
    [59, '59 s ago'],
    [60, '1 min ago'],
    [119, '1 min ago'],
    [179, '2 min ago'],
    [3599, '59 min ago'],
    [3600, '1 h ago'],
    [3600 * 47 + 3599, '47 h ago'],
    [86400 * 2, '2 days ago'],
    [86400 * 9.9, '9 days ago'],
    [-3, 'just now'],
  ])('%s s is "%s"', (s, text) => expect(agoText(s)).toBe(text))
})

describe('secondsSince and ageText', () => {
  it('reads RFC 3339 text and epoch ms the same way', () => {
    expect(secondsSince('2026-01-01T08:58:19Z', t0)).toBe(101)
    expect(secondsSince(t0 - 101_500, t0)).toBe(101)
    expect(ageText('2026-01-01T08:58:19Z', t0)).toBe('1 min ago')
  })

  it('has no age for an unknown time', () => {
    for (const v of ['', null, undefined, 'not a time', 0]) {
      expect(secondsSince(v, t0)).toBeNull()
      expect(ageText(v, t0)).toBeNull()
    }
  })

  it('counts a time slightly in the future as now', () => {
    expect(ageText(t0 + 2000, t0)).toBe('just now')
  })

  // The two ages the issue saw disagree, from the same moment and the same clock.
  it('words the same age the same way wherever it is shown', () => {
    const fetched = t0 - 41_000
    expect(ageText(fetched, t0)).toBe(ageText(new Date(fetched).toISOString(), t0))
    expect(ageText(t0 - 150_000, t0)).toBe('2 min ago')
  })
})

describe('sinceText', () => {
  it('says how long ago, and a date when it is old', () => {
    const now = Date.parse('2025-03-10T12:00:00Z')
    expect(sinceText('2025-03-10T11:59:58Z', now)).toBe('just now')
    expect(sinceText('2025-03-10T11:59:30Z', now)).toBe('30 s ago')
    expect(sinceText('2025-03-10T10:00:00Z', now)).toBe('2 h ago')
    expect(sinceText('2025-01-01T10:00:00Z', now)).toMatch(/2025/)
    expect(sinceText('', now)).toBe('')
  })
})

describe('dateText', () => {
  it('gives a restored version its date and time, or nothing when unknown', () => {
    expect(dateText('')).toBe('')
    expect(dateText('not a date')).toBe('')
    expect(dateText('2026-03-01T12:00:00Z')).toMatch(/2026/)
  })
})

describe('timestampText', () => {
  it('gives an event its date and time to the second', () => {
    const iso = '2026-03-01T12:00:09Z'
    expect(timestampText(iso)).toBe(new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }))
    expect(timestampText(iso)).toMatch(/2026/)
    expect(timestampText(iso)).toMatch(/:09/)
  })
})

describe('fetchedAgeText', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it('counts from the fetch time when it is known', () => {
    expect(fetchedAgeText('2026-11-23T11:57:00Z', 9999, now)).toBe('3 min ago')
  })
  it.each([null, undefined, '', 'not a time'])('falls back to the measured age when the fetch time is %s', (at) => {
    expect(fetchedAgeText(at, 7200, now)).toBe('2 h ago')
  })
})
