import { describe, expect, it } from 'vitest'
import { cacheText, dateText, saveStateText, sinceText, valueText } from './format'

describe('drafts formatting', () => {
  it('says how long ago, and a date when it is old', () => {
    const now = Date.parse('2025-03-10T12:00:00Z')
    expect(sinceText('2025-03-10T11:59:58Z', now)).toBe('just now')
    expect(sinceText('2025-03-10T11:59:30Z', now)).toBe('30 s ago')
    expect(sinceText('2025-03-10T10:00:00Z', now)).toBe('2 h ago')
    expect(sinceText('2025-01-01T10:00:00Z', now)).toMatch(/2025/)
    expect(sinceText('', now)).toBe('')
  })

  it('shows unset and empty values distinctly', () => {
    expect(valueText(null)).toBe('(not set)')
    expect(valueText('')).toBe('""')
    expect(valueText(4)).toBe('4')
    expect(valueText(true)).toBe('true')
    const now = Date.parse('2025-03-10T12:00:00Z')
    expect(cacheText({ cached: false, ageSeconds: 0 }, now)).toBe('nothing cached')
    expect(cacheText({ cached: true, ageSeconds: 7200 }, now)).toBe('catalog from 2 h ago')
    // The fetch time, read on the app's clock, wins over an age computed when the check ran.
    expect(cacheText({ cached: true, ageSeconds: 5, fetchedAt: '2025-03-10T11:57:00Z' }, now)).toBe('catalog from 3 min ago')
  })

  it('says where autosave stands, and that broken JSON is saved as text', () => {
    const now = Date.parse('2026-03-01T12:00:00Z')
    expect(saveStateText('saved', '2026-03-01T11:55:00Z', now)).toBe('Saved · edited 5 min ago')
    expect(saveStateText('pending', '', now)).toBe('Saving…')
    expect(saveStateText('invalid', '', now)).toMatch(/^Saved as text/)
    expect(saveStateText('error', '', now)).toBe('Not saved')
  })

  it('gives a restored version its date and time, or nothing when unknown', () => {
    expect(dateText('')).toBe('')
    expect(dateText('not a date')).toBe('')
    expect(dateText('2026-03-01T12:00:00Z')).toMatch(/2026/)
  })
})
