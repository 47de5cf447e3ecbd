import { describe, expect, it } from 'vitest'
import { cacheText, saveStateText, valueText } from './format'

describe('drafts formatting', () => {
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
})
