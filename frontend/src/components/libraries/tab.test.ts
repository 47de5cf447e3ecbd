import { describe, expect, it } from 'vitest'
import { fieldsOf, problemsFor, splitExclusions, statusLabel } from './tab'

describe('libraries tab helpers', () => {
  it('shows the fields of each kind', () => {
    expect(fieldsOf('maven')).toEqual(['coordinates', 'repo', 'exclusions'])
    expect(fieldsOf('pypi')).toEqual(['package', 'repo'])
    expect(fieldsOf('whl')).toEqual(['path'])
  })
  it('puts errors before warnings on a field', () => {
    const ps = [
      { field: 'path', message: 'w', severity: 'warning' },
      { field: 'repo', message: 'x', severity: 'error' },
      { field: 'path', message: 'e', severity: 'error' },
    ]
    expect(problemsFor(ps, 'path').map((p) => p.message)).toEqual(['e', 'w'])
  })
  it('splits exclusions on lines and commas', () => {
    expect(splitExclusions('a:b,\n c:d ,,')).toEqual(['a:b', 'c:d'])
  })
  it('names statuses in words', () => {
    expect(statusLabel('UNINSTALL_ON_RESTART')).toBe('Uninstall on restart')
    expect(statusLabel('NEW_ONE')).toBe('NEW_ONE')
  })
})
