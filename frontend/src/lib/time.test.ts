import { describe, expect, it } from 'vitest'
import { ageText, agoText, secondsSince } from './time'

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
