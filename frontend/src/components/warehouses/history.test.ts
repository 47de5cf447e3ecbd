import { describe, expect, it } from 'vitest'
import { currentToken, durationText, firstPage, newer, older, pageNumber, statementLine, statusTag, usersOf } from './history'

describe('durationText', () => {
  it('reads tenths under 10 s, then whole units', () => {
    expect(durationText(0)).toBe('')
    expect(durationText(420)).toBe('0.4 s')
    expect(durationText(9_940)).toBe('9.9 s')
    expect(durationText(42_000)).toBe('42 s')
    expect(durationText(185_000)).toBe('3 min 5 s')
    expect(durationText(7_800_000)).toBe('2 h 10 min')
  })
})

describe('statementLine', () => {
  it('keeps the first line, collapsed, and clips long ones', () => {
    expect(statementLine('SELECT  1')).toBe('SELECT 1')
    expect(statementLine('\n  SELECT *\nFROM t')).toBe('SELECT * …')
    const long = 'SELECT ' + 'x'.repeat(200)
    const clipped = statementLine(long, 20)
    expect(Array.from(clipped)).toHaveLength(20)
    expect(clipped.endsWith('…')).toBe(true)
  })
})

describe('usersOf', () => {
  it('splits and drops blanks and repeats', () => {
    expect(usersOf(' a@x.com, b@x.com;a@x.com  123 ')).toEqual(['a@x.com', 'b@x.com', '123'])
    expect(usersOf('  ')).toEqual([])
  })
})

describe('page stack', () => {
  it('goes older by the next token and back', () => {
    let s = firstPage()
    expect(currentToken(s)).toBe('')
    s = older(s, 't1')
    s = older(s, 't2')
    expect(currentToken(s)).toBe('t2')
    expect(pageNumber(s)).toBe(3)
    expect(older(s, '')).toBe(s)
    s = newer(s)
    expect(currentToken(s)).toBe('t1')
    s = newer(newer(s))
    expect(currentToken(s)).toBe('')
    expect(pageNumber(s)).toBe(1)
  })
})

describe('statusTag', () => {
  it('names known statuses and passes others through', () => {
    expect(statusTag('FAILED')).toEqual({ label: 'Failed', type: 'error' })
    expect(statusTag('WEIRD')).toEqual({ label: 'WEIRD', type: 'default' })
  })
})
