import { describe, expect, it } from 'vitest'
import { countText, dbuRateText, memoryText } from './number'

describe('countText', () => {
  it.each([0, 7, 10_000, 1_234_567])('groups %d as the locale does', (n) => {
    expect(countText(n)).toBe(n.toLocaleString())
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
