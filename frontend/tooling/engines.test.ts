import { describe, expect, it } from 'vitest'
import { beyondEngines, ENGINE_TARGETS } from './engines'

describe('beyondEngines', () => {
  it('passes ES2022 that Safari 15.4 runs', () => {
    expect(beyondEngines('class A { #x = 1; static y = 2; m() { return this.#x } }\nexport const a = [1].at(-1) ?? 0\nawait 0')).toEqual([])
  })

  it.each([
    ['class A { static { init() } }', 'a class static block (Safari 16.4) at 1:10'],
    ['const r = /[\\p{L}--[a-z]]/v', 'syntax newer than ES2022'],
    ['using x = open()', 'syntax newer than ES2022'],
  ])('names %s', (code, want) => {
    expect(beyondEngines(code).join()).toContain(want)
  })

  it('targets the oldest engines it names', () => {
    expect(ENGINE_TARGETS).toEqual(expect.arrayContaining(['safari15.4', 'chrome110']))
  })
})
