import { describe, expect, it } from 'vitest'
import { bcp47, FALLBACK_LOCALE, installPageLocale } from './locale'

describe('bcp47', () => {
  it.each([
    ['C', 'en-US'],
    ['POSIX', 'en-US'],
    ['C.UTF-8', 'en-US'],
    ['C.utf8', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
    ['de_DE.UTF-8', 'de-DE'],
    ['de-DE', 'de-DE'],
    ['ja_JP.UTF-8', 'ja-JP'],
    ['ar_EG.UTF-8', 'ar-EG'],
    ['sr_RS@latin', 'sr-RS'],
    ['en_us', 'en-US'],
    ['pt-br', 'pt-BR'],
    ['not a locale!', 'en-US'],
    ['x_', 'en-US'],
  ])('%j is %s', (raw, tag) => expect(bcp47(raw)).toBe(tag))

  it('gives tags Intl accepts', () => {
    for (const raw of ['C', 'POSIX', 'C.UTF-8', 'de_DE.UTF-8', 'zz_ZZ', '??']) {
      expect(() => new Intl.NumberFormat(bcp47(raw))).not.toThrow()
    }
    expect(FALLBACK_LOCALE).toBe('en-US')
  })
})

describe('installPageLocale', () => {
  it('makes a navigator that says "C" say en-US, so Intl built on it works', () => {
    const nav = Object.create({ get language() { return 'C' }, get languages() { return ['C'] } }) as Navigator
    expect(() => new Intl.NumberFormat(nav.language)).toThrow(RangeError)
    installPageLocale(nav)
    expect(nav.language).toBe('en-US')
    expect(nav.languages).toEqual(['en-US'])
    expect(() => new Intl.NumberFormat(nav.language)).not.toThrow()
  })

  it('keeps a valid language and its list as they are', () => {
    const nav = Object.create({ get language() { return 'de-DE' }, get languages() { return ['de-DE', 'en-US'] } }) as Navigator
    installPageLocale(nav)
    expect(nav.language).toBe('de-DE')
    expect(nav.languages).toEqual(['de-DE', 'en-US'])
    expect(Object.getOwnPropertyNames(nav)).toEqual([])
  })
})
