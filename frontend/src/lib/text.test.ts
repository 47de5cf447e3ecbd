import { describe, expect, it } from 'vitest'
import { shownText } from './text'

describe('shownText', () => {
  it.each([
    ['a plain name', 'etl-nightly', 'etl-nightly'],
    ['a right-to-left override', 'invoice\u202Egpj.exe', 'invoice⟨U+202E⟩gpj.exe'],
    ['isolates and marks', '\u2067x\u2069\u200F', '⟨U+2067⟩x⟨U+2069⟩⟨U+200F⟩'],
    ['Arabic stays Arabic', 'تقرير المبيعات', 'تقرير المبيعات'],
    ['Persian joiners stay', 'می\u200Cخواهم', 'می\u200Cخواهم'],
    ['emoji sequences stay', '👩\u200D💻 team', '👩\u200D💻 team'],
  ])('%s', (_name, input, shown) => {
    expect(shownText(input)).toBe(shown)
  })
})
