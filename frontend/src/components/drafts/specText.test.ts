import { describe, expect, it } from 'vitest'
import { lineColumn, parseSpecText, specToText } from './specText'

describe('spec text', () => {
  it('round-trips a spec', () => {
    const spec = { cluster_name: 'etl', num_workers: 2 }
    expect(parseSpecText(specToText(spec))).toEqual({ ok: true, spec })
  })

  it('places a syntax error by line and column', () => {
    const r = parseSpecText('{\n  "cluster_name": "etl"\n  "num_workers": 2\n}')
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.line).toBe(3)
      expect(r.column).toBe(3)
      expect(r.message).not.toContain('position')
    }
  })

  it('wants one object', () => {
    const r = parseSpecText('[1, 2]')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toContain('one JSON object')
  })

  it('counts lines from 1', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})

describe('syntaxOffset', () => {
  it('finds where JSON breaks', async () => {
    const { syntaxOffset } = await import('./specText')
    expect(syntaxOffset('{"a": 1}')).toBe(-1)
    expect(syntaxOffset('{"a": }')).toBe(6)
    expect(syntaxOffset('{"a": [1, 2,]}')).toBe(12)
    expect(syntaxOffset('{"a": tru}')).toBe(6)
    expect(syntaxOffset('{"a": "x"} x')).toBe(11)
  })
})

describe('specToText order', () => {
  it('puts the identifying fields first', () => {
    const text = specToText({ azure_attributes: {}, num_workers: 1, cluster_name: 'etl' })
    expect(Object.keys(JSON.parse(text))).toEqual(['cluster_name', 'num_workers', 'azure_attributes'])
  })
})
