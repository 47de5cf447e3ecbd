import { beforeEach, describe, expect, it } from 'vitest'
import {
  actionsWidth, defaultPrefs, fitColumns, fitWidth, loadPrefs, maxColumnWidth, move, normalize, savePrefs, setShown, setWidth,
  scrollbarWidth, shownColumns, storageKey, tableWidth, useColumnPrefs, widthOf, type ColumnId,
} from './columns'

const ids = (p = defaultPrefs()) => shownColumns(p).map((c) => c.id)

describe('column prefs', () => {
  beforeEach(() => localStorage.clear())

  it('shows name, state, creator, tags and $/h by default, and they fit a 1,360 px window', () => {
    const p = defaultPrefs()
    expect(ids(p)).toEqual(['name', 'state', 'workers', 'runtime', 'creator', 'tags', 'cost'])
    expect(tableWidth(p)).toBeLessThanOrEqual(fitWidth)
    expect(tableWidth(p)).toBe(shownColumns(p).reduce((s, c) => s + c.width, 0) + actionsWidth)
  })

  it('hides and shows a column, but never the name', () => {
    let p = setShown(defaultPrefs(), 'creator', false)
    expect(ids(p)).not.toContain('creator')
    p = setShown(p, 'accessMode', true)
    expect(ids(p).at(-1)).toBe('accessMode')
    p = setShown(p, 'creator', true)
    expect(ids(p)).toContain('creator')
    expect(ids(setShown(p, 'name', false))[0]).toBe('name')
  })

  it('moves a column up and down, never past the ends or before the name', () => {
    let p = move(defaultPrefs(), 'creator', -1)
    expect(ids(p)).toEqual(['name', 'state', 'workers', 'creator', 'runtime', 'tags', 'cost'])
    p = move(p, 'state', -1)
    expect(p.order[0]).toBe('name')
    expect(move(p, 'name', 1)).toBe(p)
    const last = p.order.at(-1)!
    expect(move(p, last, 1)).toBe(p)
  })

  it('keeps widths within bounds', () => {
    let p = setWidth(defaultPrefs(), 'tags', 320.4)
    expect(widthOf(p, 'tags')).toBe(320)
    p = setWidth(p, 'tags', 5)
    expect(widthOf(p, 'tags')).toBe(90)
    p = setWidth(p, 'runtime', 99_999)
    expect(widthOf(p, 'runtime')).toBe(maxColumnWidth)
    expect(widthOf(p, 'creator')).toBe(162)
    expect(setWidth(p, 'actions' as ColumnId, 200)).toBe(p) // the row menu is not the user's to size
  })

  it('reads back what it saved', () => {
    const p = setWidth(move(setShown(defaultPrefs(), 'tags', false), 'creator', -1), 'name', 300)
    savePrefs(localStorage, p)
    expect(loadPrefs(localStorage)).toEqual(p)
  })

  it('survives anything in storage: junk, unknown columns, columns added since', () => {
    localStorage.setItem(storageKey, '{not json')
    expect(loadPrefs(localStorage)).toEqual(defaultPrefs())
    expect(normalize(null)).toEqual(defaultPrefs())
    expect(normalize({ order: 'x', hidden: 3, widths: [] })).toEqual(defaultPrefs())
    // An older version knew fewer columns; 'gone' no longer exists; name was somehow hidden and moved.
    const p = normalize({
      order: ['tags', 'gone', 'name', 'state', 'state'],
      hidden: ['name', 'state', 'gone'],
      widths: { tags: 'wide', state: 150, gone: 10 },
    })
    expect(p.order).toEqual(['name', 'tags', 'state', 'workers', 'runtime', 'creator', 'cost', 'dbus', 'driverType', 'accessMode'])
    expect(p.hidden.sort()).toEqual(['accessMode', 'dbus', 'driverType', 'state'])
    expect(p.widths).toEqual({ state: 150 })
  })

  it('shares one copy, saved on every change and reset to the defaults', () => {
    const a = useColumnPrefs()
    const b = useColumnPrefs()
    a.update(setShown(a.prefs.value, 'creator', false))
    expect(ids(b.prefs.value)).not.toContain('creator')
    expect(ids(loadPrefs(localStorage))).not.toContain('creator')
    b.reset()
    expect(a.prefs.value).toEqual(defaultPrefs())
    expect(loadPrefs(localStorage)).toEqual(defaultPrefs())
  })
})

describe('columns give way when the window is narrow', () => {
  const cols = shownColumns(defaultPrefs())
  const sum = (c: Array<{ width: number }>) => c.reduce((s, x) => s + x.width, actionsWidth)

  it('all fit at 1,360 px: none gives way', () => {
    expect(fitColumns(cols, fitWidth).gaveWay).toEqual([])
  })

  it('at 1,280 px tags give way first, and what stays fits beside the row menu', () => {
    const available = 1280 - 217 - 56 - scrollbarWidth
    const { shown, gaveWay } = fitColumns(cols, available)
    expect(gaveWay).toEqual(['tags'])
    expect(sum(shown)).toBeLessThanOrEqual(available)
    expect(shown.map((c) => c.id)).toContain('cost')
  })

  it('narrower still, in the documented order; name, state and $/h always stay', () => {
    const { shown, gaveWay } = fitColumns(cols, 500)
    expect(gaveWay).toEqual(['tags', 'runtime', 'creator', 'workers'])
    expect(shown.map((c) => c.id)).toEqual(['name', 'state', 'cost'])
  })
})
