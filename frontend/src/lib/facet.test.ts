import { describe, expect, it } from 'vitest'
import { facet, facetOptions, naturalKey } from './facet'

describe('facet', () => {
  it('counts distinct values', () => {
    const rows = [{ s: 'RUNNING' }, { s: 'PENDING' }, { s: 'TERMINATED' }, { s: 'RUNNING' }]
    expect(facet(rows, (r) => r.s)).toEqual([
      { value: 'PENDING', count: 1 },
      { value: 'RUNNING', count: 2 },
      { value: 'TERMINATED', count: 1 },
    ])
  })

  it('orders values as people read them: numbers by value, case aside', () => {
    const runtimes = ['15.4.x-scala2.12', '9.1.x-scala2.12', 'abc', 'Abd', '15.4.x-scala2.12', '13.3.x-scala2.12']
    expect(facet(runtimes, (r) => r)).toEqual([
      { value: '9.1.x-scala2.12', count: 1 },
      { value: '13.3.x-scala2.12', count: 1 },
      { value: '15.4.x-scala2.12', count: 2 },
      { value: 'abc', count: 1 },
      { value: 'Abd', count: 1 },
    ])
  })
})

describe('facetOptions', () => {
  it('labels each value with its count', () => {
    expect(facetOptions(['pro', 'serverless', 'pro'], (r) => r, (v) => v.toUpperCase())).toEqual([
      { value: 'pro', label: 'PRO (2)' },
      { value: 'serverless', label: 'SERVERLESS (1)' },
    ])
  })
})

describe('naturalKey', () => {
  it('pads digit runs so string order is numeric', () => {
    expect(naturalKey('x-9') < naturalKey('x-10')).toBe(true)
    expect(naturalKey('X-09')).toBe(naturalKey('x-9'))
  })
})
