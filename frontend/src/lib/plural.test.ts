import { describe, expect, it } from 'vitest'
import { noun, plural } from './plural'

describe('plural', () => {
  it.each([
    [0, 'worker', '0 workers'],
    [1, 'worker', '1 worker'],
    [2, 'worker', '2 workers'],
    [1, 'problem', '1 problem'],
    [3, 'problem', '3 problems'],
    [1, 'library', '1 library'],
    [2, 'library', '2 libraries'],
    [2, 'policy', '2 policies'],
  ])('%i %s → %s', (n, word, want) => {
    expect(plural(n, word)).toBe(want)
  })
  it('takes an explicit plural and agrees verbs', () => {
    expect(plural(2, 'child', 'children')).toBe('2 children')
    expect(`${plural(1, 'problem')} ${noun(1, 'remains')}`).toBe('1 problem remains')
    expect(`${plural(4, 'problem')} ${noun(4, 'remains')}`).toBe('4 problems remain')
  })
})
