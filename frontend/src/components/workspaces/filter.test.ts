import { describe, expect, it } from 'vitest'
import type { WorkspaceView } from '@/api'
import { filterWorkspaces, isQuickSwitch, shortcutIndex } from './filter'

const ws = (id: string, name: string, host: string, label = '') => ({ id, name, host, label }) as WorkspaceView
const list = [
  ws('demo', 'Demo workspace', 'http://127.0.0.1:1', 'DEMO'),
  ws('a', 'Analytics prod', 'https://adb-1.azuredatabricks.net', 'PROD'),
  ws('b', 'Data science dev', 'https://dbc-2.cloud.databricks.com'),
]

describe('filterWorkspaces', () => {
  it.each([
    ['', ['demo', 'a', 'b']],
    ['prod', ['a']],
    ['AZURE', ['a']],
    ['d', ['demo', 'b', 'a']],
    ['data dev', ['b']],
    ['nothing', []],
  ])('"%s"', (q, ids) => expect(filterWorkspaces(list, q).map((w) => w.id)).toEqual(ids))
})

describe('shortcuts', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
    ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods }) as KeyboardEvent
  it('reads Ctrl/Cmd+1..9', () => {
    expect(shortcutIndex(key('3', { ctrlKey: true }))).toBe(3)
    expect(shortcutIndex(key('9', { metaKey: true }))).toBe(9)
    expect(shortcutIndex(key('0', { ctrlKey: true }))).toBeNull()
    expect(shortcutIndex(key('3'))).toBeNull()
    expect(shortcutIndex(key('3', { ctrlKey: true, shiftKey: true }))).toBeNull()
  })
  it('reads Ctrl/Cmd+K', () => {
    expect(isQuickSwitch(key('k', { ctrlKey: true }))).toBe(true)
    expect(isQuickSwitch(key('K', { metaKey: true }))).toBe(true)
    expect(isQuickSwitch(key('k'))).toBe(false)
  })
})
