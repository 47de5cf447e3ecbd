import { describe, expect, it } from 'vitest'
import { countText, dbuRateText, dbuText, dollarsText, memoryText, parseDecimal } from './number'

describe('countText', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [10_000, '10,000'],
    [1_234_567, '1,234,567'],
    [-4200, '-4,200'],
    [12345.5, '12,345.5'],
    [1234.56789, '1,234.568'],
    [-0.0001, '0'],
    [1e-7, '0'],
    [1e21, '1e+21'],
  ])('%d reads %s', (n, text) => {
    expect(countText(n)).toBe(text)
  })
  it.each([0, 7, 10_000, 1_234_567, -4200])('groups %d as en-US does', (n) => {
    expect(countText(n)).toBe(n.toLocaleString('en-US'))
  })
})

describe('dbuText', () => {
  it.each([
    [0, '0 DBU'],
    [12, '12 DBU'],
    [12.34, '12.3 DBU'],
    [1234.56, '1,234.6 DBU'],
    [0.05, '0.1 DBU'],
  ])('%d reads %s', (v, text) => {
    expect(dbuText(v)).toBe(text)
  })
  it.each([0, 12, 12.34, 1234.56, 98765.45])('matches en-US formatting with one decimal for %d', (v) => {
    expect(dbuText(v)).toBe(`${v.toLocaleString('en-US', { maximumFractionDigits: 1 })} DBU`)
  })
})

describe('dollarsText', () => {
  it.each([
    [0, '$0.00'],
    [2.479, '$2.48'],
    [1234.5, '$1,234.50'],
    [1_000_000, '$1,000,000.00'],
    [-12.345, '$-12.35'],
    [1.005, '$1.01'],
    [2.675, '$2.68'],
    [-0.001, '$0.00'],
  ])('%d reads %s', (v, text) => {
    expect(dollarsText(v)).toBe(text)
  })
  it.each([0.5, 2.479, 1234.5, 98765.432, 1.005, 2.675, 0.615, 1234567.125])('matches en-US formatting for %d', (v) => {
    expect(dollarsText(v)).toBe(`$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`)
  })
})

describe('memoryText', () => {
  it.each([
    [0.5, '0.5 GB'],
    [7.25, '7.3 GB'],
    [9.96, '10 GB'],
    [10.4, '10 GB'],
    [128, '128 GB'],
    [244.5, '245 GB'],
  ])('%d GB reads %s', (gb, text) => {
    expect(memoryText(gb)).toBe(text)
  })
})

describe('dbuRateText', () => {
  it.each([
    [0, '≈ 0.0 DBU/h'],
    [4.46, '≈ 4.5 DBU/h'],
    [12, '≈ 12.0 DBU/h'],
  ])('%d DBU/h reads %s', (rate, text) => {
    expect(dbuRateText(rate)).toBe(text)
  })
})

describe('parseDecimal', () => {
  it.each([
    ['0.55', 0.55],
    ['0,55', 0.55],
    [' 1,5 ', 1.5],
    ['12', 12],
    ['.5', 0.5],
    [',5', 0.5],
    ['3.', 3],
    ['-0,25', -0.25],
    ['abc', null],
    ['', null],
    ['1,234.5', null],
    ['1.2.3', null],
    ['0,5,5', null],
    ['1e3', null],
  ])('%j is %s', (text, v) => expect(parseDecimal(text)).toBe(v))
})
