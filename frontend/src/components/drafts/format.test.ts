import { describe, expect, it } from 'vitest'
import { ageText, cacheText, dateText, saveStateText, sinceText, valueText } from './format'

describe('drafts formatting', () => {
  it('says ages in plain words', () => {
    expect(ageText(5)).toBe('under a minute')
    expect(ageText(60)).toBe('1 minute')
    expect(ageText(47 * 60)).toBe('47 minutes')
    expect(ageText(3 * 3600)).toBe('3 hours')
    expect(ageText(5 * 86400)).toBe('5 days')
  })

  it('says how long ago, and a date when it is old', () => {
    const now = new Date('2025-03-10T12:00:00Z')
    expect(sinceText('2025-03-10T11:59:30Z', now)).toBe('just now')
    expect(sinceText('2025-03-10T10:00:00Z', now)).toBe('2 hours ago')
    expect(sinceText('2025-01-01T10:00:00Z', now)).toMatch(/2025/)
    expect(sinceText('', now)).toBe('')
  })

  it('shows unset and empty values distinctly', () => {
    expect(valueText(null)).toBe('(not set)')
    expect(valueText('')).toBe('""')
    expect(valueText(4)).toBe('4')
    expect(valueText(true)).toBe('true')
    expect(cacheText({ cached: false, ageSeconds: 0 })).toBe('nothing cached')
    expect(cacheText({ cached: true, ageSeconds: 7200 })).toBe('catalog 2 hours old')
  })

  it('says where autosave stands, and that broken JSON is saved as text', () => {
    const now = new Date('2026-03-01T12:00:00Z')
    expect(saveStateText('saved', '2026-03-01T11:55:00Z', now)).toBe('Saved · edited 5 minutes ago')
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
