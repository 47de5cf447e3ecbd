import { describe, expect, it } from 'vitest'
import type { RunRow } from '@/api'
import { anyRunning, duration, fieldsOf, problemsFor, rawStates, statusLabel } from './tab'

const row = (over: Partial<RunRow>): RunRow => ({ status: 'running', lifeCycleState: 'RUNNING', resultState: '', terminationCode: '', ...over }) as RunRow

describe('runs tab helpers', () => {
  it('shows the fields of each task kind', () => {
    expect(fieldsOf('notebook')).toEqual(['path', 'parameters'])
    expect(fieldsOf('wheel')).toEqual(['packageName', 'entryPoint', 'parameters'])
    expect(fieldsOf('jar')).toEqual(['mainClass', 'jar', 'parameters'])
  })
  it('puts the raw states beside the mapped status', () => {
    expect(statusLabel('cancelled')).toBe('Cancelled')
    expect(rawStates(row({ lifeCycleState: 'TERMINATED', resultState: 'CANCELED', terminationCode: 'USER_CANCELED' })))
      .toBe('TERMINATED · CANCELED · USER_CANCELED')
    expect(rawStates(row({}))).toBe('RUNNING')
  })
  it('polls only while a run is going', () => {
    expect(anyRunning([row({ status: 'succeeded' }), row({ status: 'running' })])).toBe(true)
    expect(anyRunning([row({ status: 'failed' })])).toBe(false)
  })
  it('keeps problems at their field and reads durations', () => {
    expect(problemsFor([{ field: 'path', message: 'm' }, { field: 'jar', message: 'j' }], 'path')).toHaveLength(1)
    expect(duration(42_000)).toBe('42 s')
    expect(duration(185_000)).toBe('3 min 5 s')
    expect(duration(0)).toBe('')
  })
})
